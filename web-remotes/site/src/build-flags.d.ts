/** Set at build time by rsbuild.config.ts: true only in a development build of the web app. */
declare const __DEV_AIDS__: boolean;
