import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed GraphQL documents from the server's schema (api/graph/schema), so that a renamed
// field breaks the build instead of the page. Write operations with graphql() from
// src/gql in features/<feature>/graphql/; `npm run codegen` (run before typecheck, test,
// build and dev) writes src/gql, which git does not keep.
//
// The workflow designer's operations have a registry of their own (src/gql-workflows):
// graphql() keeps every document it knows in one map, and that map is part of the
// shell's first load; the designer's documents belong to its lazy chunks only.
const WORKFLOW_DESIGNER = 'src/features/workflows/{canvas,designer,details}/**/*.{ts,tsx}';

const output = {
  preset: 'client',
  presetConfig: { fragmentMasking: false },
  config: {
    useTypeImports: true,
    enumsAsTypes: true,
    avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
    scalars: { DateTime: 'string', JSON: 'unknown', Upload: 'File' },
  },
} as const;

const config: CodegenConfig = {
  schema: '../api/graph/schema/*.graphqls',
  ignoreNoDocuments: true,
  generates: {
    'src/gql/': {
      ...output,
      documents: ['src/**/*.{ts,tsx}', '!src/gql/**', '!src/gql-workflows/**', '!src/**/*.test.{ts,tsx}', `!${WORKFLOW_DESIGNER}`],
    },
    'src/gql-workflows/': {
      ...output,
      documents: [WORKFLOW_DESIGNER, 'src/shared/graphql/mutationErrorFields.ts', '!src/**/*.test.{ts,tsx}'],
    },
  },
};

export default config;
