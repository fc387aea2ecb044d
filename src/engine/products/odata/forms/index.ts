/** Form definitions, storage conventions and serialization: the contract of the OData service. */
export * from './types.ts';
export * from './registry.ts';
export * from './storage.ts';
export * from './serialize.ts';
