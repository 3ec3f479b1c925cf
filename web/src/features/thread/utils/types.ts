import type {
  ThreadActivityFieldsFragment,
  ThreadAttachmentFieldsFragment,
  ThreadTaskFieldsFragment,
} from '../../../gql/graphql';

export type ThreadTask = ThreadTaskFieldsFragment;
export type ThreadActivity = ThreadActivityFieldsFragment;
export type ThreadAttachment = ThreadAttachmentFieldsFragment;
