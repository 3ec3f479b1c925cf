import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed GraphQL documents from the server's schema (api/graph/schema), so that a renamed
// field breaks the build instead of the page. Write operations with graphql() from
// src/gql in features/<feature>/graphql/; `npm run codegen` (run before typecheck, test,
// build and dev) writes src/gql, which git does not keep. The build gives each document a
// module of its own (vite.config.ts), so a page's chunk carries only the documents it uses.
const config: CodegenConfig = {
  schema: '../api/graph/schema/*.graphqls',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**', '!src/**/*.test.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
        scalars: { DateTime: 'string', JSON: 'unknown', Upload: 'File' },
      },
    },
  },
};

export default config;
