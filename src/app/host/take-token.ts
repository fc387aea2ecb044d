/** Imported first by main.ts: the trainer link's token leaves the address bar before anything reads the hash. */
import { takeTokenFromLink } from './tokens.svelte.ts';

takeTokenFromLink();
