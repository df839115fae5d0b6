// Stylesheets imported for their side effect (the Devanagari font faces).
declare module '*.css';
