// The feature's public face: what other features and app/ use (docs/decisions/0126-feature-boundaries.md).
export { ComingUpButton } from './components/ComingUpButton';
