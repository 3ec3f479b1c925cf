// The feature's public face (docs/decisions/0126-feature-boundaries.md). Others use only its
// pages, loaded on demand through lazy.ts.
export * from './lazy';
