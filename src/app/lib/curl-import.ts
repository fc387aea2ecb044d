/** Parse a pasted curl command (POSIX shell quoting) into method, URL, headers and body. */
import type { HeaderRow } from './request.ts';

export interface ParsedCurl {
  method: string;
  url: string;
  headers: HeaderRow[];
  body: string;
  /** The `-u user:pass` pair, also present as the Basic `Authorization` header it becomes. */
  user?: { username: string; password: string };
}

/** Split a command line into words: single quotes literal, double quotes with \-escapes, \-newline continues. */
function shellWords(input: string): string[] {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  let i = 0;
  const s = input.replace(/\\\r?\n/g, ' ');
  while (i < s.length) {
    const ch = s[i] as string;
    if (ch === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) throw new Error('Unterminated single quote.');
      cur += s.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      while (i < s.length && s[i] !== '"') {
        if (s[i] === '\\' && i + 1 < s.length && '"\\$`\n'.includes(s[i + 1] as string)) i++;
        cur += s[i];
        i++;
      }
      if (i >= s.length) throw new Error('Unterminated double quote.');
      inWord = true;
      i++;
    } else if (ch === '\\' && i + 1 < s.length) {
      cur += s[i + 1];
      inWord = true;
      i += 2;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
      i++;
    } else {
      cur += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

const WITH_VALUE = new Set(['-X', '--request', '-H', '--header', '-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json', '-u', '--user', '--url', '-A', '--user-agent', '-e', '--referer', '-b', '--cookie', '-o', '--output', '-m', '--max-time', '--connect-timeout', '-w', '--write-out']);

export function parseCurl(input: string): ParsedCurl {
  const words = shellWords(input.trim());
  if (words[0] !== 'curl') throw new Error('Paste a command that starts with curl.');
  let method = '';
  let url = '';
  const headers: HeaderRow[] = [];
  const data: string[] = [];
  let user: ParsedCurl['user'];
  for (let i = 1; i < words.length; i++) {
    let w = words[i] as string;
    let value: string | undefined;
    const eq = w.startsWith('--') ? w.indexOf('=') : -1;
    if (eq > 0) {
      value = w.slice(eq + 1);
      w = w.slice(0, eq);
    } else if (WITH_VALUE.has(w)) {
      value = words[++i];
      if (value === undefined) throw new Error(`${w} needs a value.`);
    } else if (/^-[XHdu].+/.test(w)) {
      value = w.slice(2); // -XPOST, -H'x: y'
      w = w.slice(0, 2);
    }
    switch (w) {
      case '-X':
      case '--request':
        method = (value as string).toUpperCase();
        break;
      case '-H':
      case '--header': {
        const v = value as string;
        const colon = v.indexOf(':');
        if (colon > 0) headers.push({ name: v.slice(0, colon).trim(), value: v.slice(colon + 1).trim() });
        break;
      }
      case '-d':
      case '--data':
      case '--data-raw':
      case '--data-binary':
      case '--data-ascii':
        data.push(value as string);
        break;
      case '--json':
        data.push(value as string);
        if (!headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: 'application/json' });
        break;
      case '-u':
      case '--user': {
        const v = value as string;
        const colon = v.indexOf(':');
        user = colon < 0 ? { username: v, password: '' } : { username: v.slice(0, colon), password: v.slice(colon + 1) };
        const bytes = new TextEncoder().encode(v);
        headers.push({ name: 'Authorization', value: `Basic ${btoa(String.fromCharCode(...bytes))}` });
        break;
      }
      case '-I':
      case '--head':
        method = 'HEAD';
        break;
      case '--url':
        url = value as string;
        break;
      default:
        if (!w.startsWith('-') && !url) url = w;
    }
  }
  if (!url) throw new Error('No URL found in the curl command.');
  const body = data.join('&');
  return { method: method || (body ? 'POST' : 'GET'), url, headers, body, ...(user ? { user } : {}) };
}
