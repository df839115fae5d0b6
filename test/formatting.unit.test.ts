/**
 * `npm test` runs `prettier --check .` and the tree is formatted with `prettier --write .`: files that a
 * generator writes, or that are copied byte for byte, must stay out of both, or formatting them would make
 * their own checks fail (deploy/kubernetes/kubernetes.unit.test.ts compares the manifests with the
 * generator's output).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { generatedFiles } from '../scripts/k8s-manifests';

const ROOT = path.resolve(__dirname, '..');
const PRETTIER = path.join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');

/** Whether prettier (with the repository's ignore files, .gitignore and .prettierignore) skips the file. */
function ignored(file: string): boolean {
  const info = execFileSync(process.execPath, [PRETTIER, '--file-info', file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return (JSON.parse(info) as { ignored: boolean }).ignored;
}

test.each(Object.keys(generatedFiles()))(
  '%s, written by `npm run k8s:generate`, is left as the generator writes it',
  (file) => {
    expect(ignored(file)).toBe(true);
  },
);

test('vendored and generated files are left alone', () => {
  expect(ignored('infra/compose-spec.schema.json')).toBe(true);
  expect(ignored('package-lock.json')).toBe(true);
  expect(ignored('web-shell/dist/index.html')).toBe(true);
  expect(ignored('.stack/fuzz/result.json')).toBe(true);
});

test('hand-written files are checked', () => {
  for (const file of [
    'package.json',
    'scripts/test.ts',
    'README.md',
    'deploy/kubernetes/overlays/example/kustomization.yaml',
    'docker-compose.yml',
  ]) {
    expect(ignored(file)).toBe(false);
  }
});
