/**
 * A piece of chart written once for several charts (transitions, an invoke's outcomes), returned
 * as it is. It names the object as chart config for the production build, which leaves out the
 * `description` and `meta` inside it as it does in the configs given to `createMachine` and
 * `createStateConfig` (scripts/vite/strip-machine-docs.ts); the charts that spread it keep
 * their types, checked where they use it.
 */
export const chartPart = <Part>(part: Part): Part => part
