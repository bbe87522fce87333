/**
 * What a repository calls after a store write that changes what a cached read answers: the
 * kit's `ReadCache.changed` of that read (a board's pages, an owner's board list). Never throws.
 */
export type Changed = (subject: string) => Promise<void>;
