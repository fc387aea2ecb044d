/**
 * Monaco, loaded only when a console editor first appears: the editor API core, the JSON and XML
 * languages, and their workers through Vite's `?worker` (never the full `monaco-editor` entry).
 */
import type * as MonacoApi from 'monaco-editor/editor/editor.api.js';

export type Monaco = typeof MonacoApi;
let loading: Promise<Monaco> | undefined;

export function loadMonaco(): Promise<Monaco> {
  loading ??= (async () => {
    const [monaco, editorWorker, jsonWorker] = await Promise.all([
      import('monaco-editor/editor/editor.api.js'),
      import('monaco-editor/editor/editor.worker.js?worker'),
      import('monaco-editor/language/json/json.worker.js?worker'),
    ]);
    (self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
      getWorker: (_id: string, label: string) => (label === 'json' ? new jsonWorker.default() : new editorWorker.default()),
    };
    await Promise.all([
      import('monaco-editor/language/json/monaco.contribution.js'),
      import('monaco-editor/languages/definitions/xml/register.js'),
      // The JSON mode is otherwise fetched when the first JSON model appears, i.e. after the first
      // editor exists. Its chunk also registers editor services (code lens, inlay hints, suggest
      // memories…) that the standalone editor reads once, at its first creation: loaded late, every
      // later editor threw "depends on UNKNOWN service ICodeLensCache". Load it before any editor.
      import('monaco-editor/languages/features/json/jsonMode.js'),
    ]);
    return monaco;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
