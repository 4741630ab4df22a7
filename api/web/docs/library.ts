// Every page of /docs but the reference: the guides written as pages (guides.tsx) and those kept as Markdown in
// the repository's docs/ (repository-guides.tsx), in the order of the docs' navigation.
import { GUIDES, type Guide } from './guides.js';
import { REPOSITORY_GUIDES } from './repository-guides.js';

export const ALL_GUIDES: readonly Guide[] = [...GUIDES, ...REPOSITORY_GUIDES];
