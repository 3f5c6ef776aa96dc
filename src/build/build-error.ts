/** A stopping problem in words for the person who ran the build. */
export class BuildError extends Error {}
