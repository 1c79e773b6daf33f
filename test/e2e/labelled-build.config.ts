/**
 * The portal's own Vite config (vite.config.ts) with one addition, for the test of a new version
 * taking over (test/e2e/service-worker-update.test.ts): every chunk of the browser build, when it
 * runs, adds the build's label (BUILD_LABEL) to `globalThis.__portalBuilds`. Two builds with two
 * labels then differ in every chunk's content, and so in every hashed name, as two releases do;
 * and a page can say which builds the code it ran came from — one label, or a mix.
 */
import { mergeConfig, type ConfigEnv, type Plugin, type UserConfig } from 'vite'
import portalConfig from '../../vite.config.ts'

const label = process.env.BUILD_LABEL
if (!label) throw new Error('BUILD_LABEL must name the build')

const labelEveryChunk: Plugin = {
  name: 'label-every-chunk',
  apply: 'build',
  // Before the chunk's own code and imports (import declarations are hoisted, so the statement
  // runs once the chunk's imports have run and before its own body): a side effect the minifier
  // keeps, and a change of content that the chunk's hash follows.
  renderChunk(code, _chunk, options) {
    if (options.format !== 'es' || this.environment.config.consumer !== 'client') return null
    return { code: `(globalThis.__portalBuilds??=new Set()).add(${JSON.stringify(label)});\n${code}`, map: null }
  },
}

export default (env: ConfigEnv): UserConfig => mergeConfig(portalConfig(env), { plugins: [labelEveryChunk] })
