import { describe, expect, it } from 'vitest';
import { issuesByNode, splitMutationErrors } from './validationErrors';

describe('splitMutationErrors', () => {
  it('ties graph errors to nodes and keeps the others for fields', () => {
    const split = splitMutationErrors([
      { code: 'VALIDATION_ERROR', message: 'invalid_graph', field: 'structure' },
      { code: 'VALIDATION_ERROR', message: 'missing_title', field: 'structure.nodes.task-1' },
      { code: 'VALIDATION_ERROR', message: 'missing_outgoing', field: 'structure.nodes.task-1' },
      { code: 'VALIDATION_ERROR', message: 'dangling_edge', field: 'structure.edges.e9' },
      { code: 'VALIDATION_ERROR', message: 'missing_end', field: 'structure' },
      { code: 'VALIDATION_ERROR', message: 'name_has_already_been_taken', field: 'name' },
    ]);
    expect(split.structure).toEqual([
      { nodeId: 'task-1', edgeId: null, code: 'missing_title' },
      { nodeId: 'task-1', edgeId: null, code: 'missing_outgoing' },
      { nodeId: null, edgeId: 'e9', code: 'dangling_edge' },
      { nodeId: null, edgeId: null, code: 'missing_end' },
    ]);
    expect(split.other).toEqual([{ code: 'VALIDATION_ERROR', message: 'name_has_already_been_taken', field: 'name' }]);
    expect(issuesByNode(split.structure).get('task-1')).toEqual(['missing_title', 'missing_outgoing']);
  });
});
