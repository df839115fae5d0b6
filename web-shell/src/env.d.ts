// Stylesheets imported for their side effect (the Devanagari font faces).
declare module '*.css';
// Font files imported for their URL (rsbuild emits them as assets).
declare module '*.woff2' {
  const url: string;
  export default url;
}
