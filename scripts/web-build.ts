/**
 * The build `npm start` serves, named once: scripts/start.ts runs it before it starts the product, and
 * `npm test` (scripts/test.ts) runs the same one ahead of the browser tests, which then start the product
 * with `--no-build`.
 */
export interface WebBuild {
  /** The npm script that builds it. */
  script: 'build:web' | 'build:prod';
  /** What the build reads besides the usual environment. */
  env: Record<string, string>;
}

export function webBuild(production: boolean): WebBuild {
  return {
    script: production ? 'build:prod' : 'build:web',
    // Only a development build carries the development sign-in aid (web-remotes/site/rsbuild.config.ts).
    env: { WEB_DEV_AIDS: production ? '0' : '1' },
  };
}
