// First: the trainer link's token leaves the address bar before the router reads it (issue 20).
import './host/take-token.ts';
import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';

// An inline icon: without one the browser asks the host for /favicon.ico (a 404 in the console,
// outside the base path when deployed under a sub-path).
if (!document.querySelector('link[rel~="icon"]')) {
  const icon = document.createElement('link');
  icon.rel = 'icon';
  icon.href = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0a58ca"/><text x="16" y="23" font-size="20" text-anchor="middle" fill="#fff">⇄</text></svg>')}`;
  document.head.append(icon);
}

mount(App, { target: document.getElementById('app') as HTMLElement });
