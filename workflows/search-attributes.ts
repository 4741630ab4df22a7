// The search attribute keys live in domain/orchestration/search-attributes.ts, where infra/ may import them too.
export * from '../domain/orchestration/search-attributes.js';
