// The feature's entries loaded on demand (import()): each loader is its own chunk, so a
// route or a pane fetches only what it shows. Only loaders here, no static imports
// (docs/decisions/0126-feature-boundaries.md).
export const loadFilesPage = () => import('./pages/FilesPage');
