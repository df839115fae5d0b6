// Async boundary: shared singletons (React, MUI, ...) are negotiated with the remotes before any app code runs.
import('./bootstrap');
