/// <reference types="vite/client" />

/** package.json's version, put in by vite.config.ts (src/app/version.ts). */
declare const __PORTICO_UI_VERSION__: string;
