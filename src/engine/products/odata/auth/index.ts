export * from './principal.ts';
export * from './basic.ts';
