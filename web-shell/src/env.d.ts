// Stylesheets imported for their side effect (the Noto Sans faces of each Indian script).
declare module '*.css';
// Font files imported for their URL (rsbuild emits them as assets).
declare module '*.woff2' {
  const url: string;
  export default url;
}
