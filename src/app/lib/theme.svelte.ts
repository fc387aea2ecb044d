/** Light/dark theme: follows the system until the user picks one; the pick is remembered. */
const KEY = 'erp-sim:theme';
type Choice = 'light' | 'dark';

const media = matchMedia('(prefers-color-scheme: dark)');
const stored = localStorage.getItem(KEY);

export const theme = $state({ value: (stored === 'light' || stored === 'dark' ? stored : media.matches ? 'dark' : 'light') as Choice });

function apply(): void {
  document.documentElement.dataset.theme = theme.value;
}
apply();
media.addEventListener('change', (e) => {
  if (!localStorage.getItem(KEY)) {
    theme.value = e.matches ? 'dark' : 'light';
    apply();
  }
});

export function toggleTheme(): void {
  theme.value = theme.value === 'dark' ? 'light' : 'dark';
  localStorage.setItem(KEY, theme.value);
  apply();
}
