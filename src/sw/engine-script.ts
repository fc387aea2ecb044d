/// <reference lib="webworker" />
/**
 * The engine's scripts, loaded on first need (issue 22). A service worker may import a new script
 * only while it installs, so the install step imports the core (`importEngine()`, while the app
 * shell downloads); a worker started again later imports it, from the browser's copy of the
 * worker's scripts, at its first `/sim` request: serving the app's files never waits for it.
 *
 * The parts (the OData service, the SOAP request reader, the control API's rarer routes, ...;
 * scripts/build/worker-parts.ts) are not imported at install: importing a script there downloads
 * and compiles it before the worker may take the page, and a first visit's first answer waited for
 * both. Their script is a file of the offline copy instead, saved with the app shell
 * (src/sw/precache.ts): the engine reads its text when it starts (`readEngineParts()`, beside
 * opening the database), and the first use of a part runs the script, which registers each part's
 * code as a function, then that part's (synchronous: the core's stand-ins stay transparent). In dev the dev entry has set the engine already, whole (no parts).
 */
import type { WorkerEngine } from './engine-bundle.ts';
import { precached } from './precache.ts';

/** The scripts' URLs relative to `sw.js`, written by the build. */
declare const self: ServiceWorkerGlobalScope & {
  erpSimEngine?: WorkerEngine;
  __SIM_ENGINE_SCRIPT?: string;
  __SIM_PART_SCRIPTS?: Record<string, string>;
  /** Script -> the SHA-256 (hex) of its text, written by the build. */
  __SIM_PART_DIGESTS?: Record<string, string>;
  /** Set by the parts' script when it runs: each part's code, as a function. */
  __simPartCode?: Record<string, () => void>;
  /** Set by a part's code when it runs: its entry modules' exports. */
  __simParts?: Record<string, unknown>;
  /** What the core's stand-ins call on a part's first use. */
  erpSimLoadPart?: (name: string) => unknown;
};

export function importEngine(): WorkerEngine {
  if (!self.erpSimEngine) {
    const script = self.__SIM_ENGINE_SCRIPT;
    if (!script) throw new Error('This worker build names no engine script.');
    importScripts(script);
  }
  if (!self.erpSimEngine) throw new Error('The engine script did not define the engine.');
  return self.erpSimEngine;
}

/** Part name -> script (none in dev). */
const partScripts = self.__SIM_PART_SCRIPTS ?? {};
/** Script -> the digest its text must have. */
const partDigests = self.__SIM_PART_DIGESTS ?? {};
/** Script -> its text, once read. */
const texts = new Map<string, string>();

/** The SHA-256 of `text` (UTF-8, as the build wrote it), in hex. */
async function digestOf(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The parts' scripts' text, from the offline copy (the network only if it lacks one), so that a
 * part's first use need not wait. Called when the engine starts; a script it cannot read fails
 * only the requests that need one of its parts.
 */
export async function readEngineParts(): Promise<void> {
  await Promise.all(
    [...new Set(Object.values(partScripts))].map(async (script) => {
      if (texts.has(script)) return;
      try {
        const res = (await precached(script)) ?? (await fetch(script));
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const text = await res.text();
        // Run as code later: only the build's own text (a copy rewritten in the cache is not).
        if ((await digestOf(text)) !== partDigests[script]) throw new Error('its text is not the build\'s (digest differs)');
        texts.set(script, text);
      } catch (err) {
        console.error(`[erp-sim] the engine's parts script ${script} could not be read`, err);
      }
    }),
  );
}

/** A part's exports, its code run first if need be (synchronous: the stand-ins stay transparent). */
function loadPart(name: string): unknown {
  if (!self.__simParts?.[name]) {
    const script = partScripts[name];
    if (!script) throw new Error(`This worker build names no script for the engine part ${name}.`);
    if (!self.__simPartCode?.[name]) {
      const text = texts.get(script);
      if (text === undefined) throw new Error(`The script of the engine part ${name} was not read.`);
      // Global code (indirect eval), as importScripts would run it: it registers each part's code.
      (0, eval)(`${text}\n//# sourceURL=${new URL(script, self.location.href).href}`);
    }
    self.__simPartCode?.[name]?.();
  }
  const part = self.__simParts?.[name];
  if (!part) throw new Error(`The script of the engine part ${name} did not register it.`);
  return part;
}
self.erpSimLoadPart = loadPart;
