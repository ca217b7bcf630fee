// Type-aware lint for the whole monorepo (STYLE.md): one config, per-folder globals.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';
import noFolderCycle from './tooling/lint/no-folder-cycle.js';
import noPromiseAsValue from './tooling/lint/no-promise-as-value.js';

const root = import.meta.dirname;
const consoleSrc = './apps/console/src';
const serverSrc = './apps/server/src';
const consoleFeatures = readdirSync(`${root}/${consoleSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Boundaries between folders, enforced on resolved paths (so the `#features/*` alias cannot route around them;
 * an import the resolver cannot follow fails `import/no-unresolved` instead of slipping through).
 * Console, as bulletproof-react: app → features → shared (components, lib, hooks, testing), no feature → feature.
 * Server: routes call services only, services know nothing of Fastify, infrastructure never imports an area,
 * and no two areas depend on each other (local/no-folder-cycle, on folders, where import/no-cycle sees files).
 * Proven by tooling/lint/boundaries.test.ts.
 */
function boundaries() {
  const consoleShared = ['components', 'lib', 'hooks', 'testing', 'assets'].map(
    (dir) => `${consoleSrc}/${dir}`,
  );
  const consoleZones = [
    ...consoleFeatures.map((feature) => ({
      target: `${consoleSrc}/features/${feature}`,
      from: `${consoleSrc}/features`,
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: move the shared piece to components/, lib/ or hooks/, or compose both in app/.',
    })),
    {
      target: `${consoleSrc}/features`,
      from: `${consoleSrc}/app`,
      message: 'Features never import app/: app composes features.',
    },
    {
      target: consoleShared,
      from: [`${consoleSrc}/features`, `${consoleSrc}/app`],
      message: 'Shared code never imports features or app/.',
    },
  ];
  const modules = `${serverSrc}/modules`;
  const areas = readdirSync(`${root}/${modules}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const serverZones = [
    ...areas.map((area) => ({
      target: `${modules}/${area}`,
      from: `${modules}/**/*.repository.ts`,
      // A zone whose `from` is a glob takes only glob exceptions: the area's own folder.
      except: [`${root}/apps/server/src/modules/${area}/**`],
      message:
        "A module never imports another module's repository: call that module's service (or a read it exports).",
    })),
    {
      target: `${serverSrc}/**/*.routes.ts`,
      from: [`${serverSrc}/**/*.repository.ts`, `${serverSrc}/**/*.sql.ts`, `${serverSrc}/db/**`],
      message: 'Routes call services only: SQL and the database stay behind a service.',
    },
    {
      target: ['lib', 'db', 'jobs', 'auth', 'bulk'].map((dir) => `${serverSrc}/${dir}`),
      from: [modules, `${serverSrc}/api`, `${serverSrc}/site`],
      message:
        'lib/, db/, jobs/, auth/ and bulk/ are shared layers: they never import an area module, api/ or site/; wire areas in a composition root.',
    },
    {
      target: `${serverSrc}/api`,
      from: [modules, `${serverSrc}/site`],
      message:
        'api/ holds the plugins and route helpers areas use: it never imports an area; api-app.ts composes them.',
    },
    {
      // The demo seed, which composes data from every layer (passwords included), lives in seed/.
      target: `${serverSrc}/db`,
      from: `${serverSrc}/auth`,
      message: 'db/ is below auth/: it never imports it.',
    },
    {
      target: `${serverSrc}/site`,
      from: modules,
      message:
        "site/ is the web front (pages, session cookies, the console and its first screen): it imports no area module; site-app.ts composes the areas' pages.",
    },
    {
      target: ['apps/server/src', 'apps/console/src', 'packages'],
      from: 'apps/server/test',
      message: 'Production code never imports apps/server/test/: test support is for tests only.',
    },
  ];
  // SQL lives in repositories (and the SQL fragments they share, *.sql.ts); db/, the seeds, the job slots and the
  // shared read-access conditions are the only other places that speak drizzle.
  const drizzleOnlyInRepositories = {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    message:
      'SQL stays in repositories: move the query to a *.repository.ts (or a *.sql.ts fragment a repository uses).',
  };
  return [
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: [
        'apps/server/src/**/*.repository.ts',
        'apps/server/src/**/*.sql.ts',
        'apps/server/src/**/*.test.ts',
        'apps/server/src/db/**',
        // The demo and large seeds write their rows directly, as the schema's own tooling would.
        'apps/server/src/seed/**',
        'apps/server/src/jobs/company-job-slots.ts',
        'apps/server/src/auth/access.ts',
      ],
      rules: { 'no-restricted-imports': ['error', { patterns: [drizzleOnlyInRepositories] }] },
    },
    {
      files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
      plugins: { import: importPlugin },
      settings: {
        'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import/resolver': {
          typescript: {
            project: ['apps/server/tsconfig.json', 'apps/console/tsconfig.json'],
            noWarnOnMultipleProjects: true,
          },
        },
      },
      rules: {
        'import/no-unresolved': 'error',
        'import/no-cycle': ['error', { ignoreExternal: true }],
        'import/no-restricted-paths': [
          'error',
          { basePath: root, zones: [...consoleZones, ...serverZones] },
        ],
      },
    },
    {
      files: ['apps/server/src/**/*.routes.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['drizzle-orm', 'drizzle-orm/*'],
                message: 'Routes call services only: SQL stays in repositories.',
              },
            ],
          },
        ],
        // One style of permission: declared on the route, never decided ad hoc in a hook or handler.
        'no-restricted-syntax': [
          'error',
          {
            selector: "MemberExpression[property.name='isCompanyAdmin']",
            message:
              "Declare the route's permission: preValidation: requirePermission(...) (api/plugins/permissions.ts).",
          },
        ],
      },
    },
    {
      files: ['apps/server/src/**/*.service.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['fastify', 'fastify-*', '@fastify/*'],
                message:
                  'Services never import Fastify: routes translate HTTP, services take plain arguments.',
              },
              drizzleOnlyInRepositories,
            ],
          },
        ],
      },
    },
    {
      files: ['apps/server/src/modules/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: {
        'local/no-folder-cycle': ['error', { basePath: root, unitsDirs: [`${serverSrc}/modules`] }],
      },
    },
    {
      // Tests wire whole apps together on purpose; the zones describe production code.
      files: ['**/*.test.ts', '**/*.test.tsx'],
      rules: { 'import/no-restricted-paths': 'off' },
    },
  ];
}

/**
 * The console code the site runs: entry-server.tsx reaches every route module, so all of src/ but the browser's
 * own entry (main.tsx) is rendered in the site's one process, for every member in turn. There, a module-level
 * `window`/`document`/`localStorage` throws at import, and a module-level variable or empty collection is shared
 * by every request. Per-request state lives in components, hooks and the query client (render-request.ts for the
 * token). A store only the browser writes says so on its line (`eslint-disable-next-line` with the reason).
 * apps/console/README.md, rule 12; proven by tooling/lint/site-rendered.test.ts.
 */
function siteRendered() {
  const browserOnly =
    '/^(window|document|localStorage|sessionStorage|navigator|location|history|indexedDB|matchMedia)$/';
  const globalMessage =
    'The site renders this module too: read browser-only globals inside a function (an effect, a handler), not when the module loads.';
  const stateMessage =
    'The site renders this module for every member in one process: keep state in a component, a hook or the query client, not in the module.';
  return {
    files: ['apps/console/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/console/src/main.tsx',
      'apps/console/src/test-setup.ts',
      'apps/console/src/testing/**',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression:not(:function *) > Identifier.object[name=${browserOnly}]`,
          message: globalMessage,
        },
        {
          // Named alone (passed on, called, assigned); `typeof window`, the render's own guard, is allowed.
          selector: `:not(:function, :function *, UnaryExpression[operator='typeof'], Property[shorthand=true], ExportSpecifier) > Identifier[name=${browserOnly}]:not(.object, .property, .key, .id, .local, .imported)`,
          message: globalMessage,
        },
        { selector: "Program > VariableDeclaration[kind!='const']", message: stateMessage },
        {
          selector: "Program > ExportNamedDeclaration > VariableDeclaration[kind!='const']",
          message: stateMessage,
        },
        {
          // An empty collection at module level is there to be filled; a constant lookup table is not.
          selector:
            'VariableDeclarator:not(:function *) > NewExpression.init[callee.name=/^(Map|Set|WeakMap|WeakSet)$/][arguments.length=0]',
          message: stateMessage,
        },
        {
          selector: 'VariableDeclarator:not(:function *) > ArrayExpression.init[elements.length=0]',
          message: stateMessage,
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: {
      local: {
        rules: { 'no-promise-as-value': noPromiseAsValue, 'no-folder-cycle': noFolderCycle },
      },
    },
    rules: {
      // A promise handed on as a value by &&, || or ?? (the SP metadata URL once sent one as its body).
      'local/no-promise-as-value': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and handlers are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'packages/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Plain scripts served as they are, outside any bundle (the console's public/, the site pages' templates/):
    // no project types.
    files: ['apps/console/public/**/*.js', 'apps/server/src/site/templates/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: globals.browser,
      sourceType: 'script',
      parserOptions: { projectService: false, project: null },
    },
  },
  {
    // The project's own lint rules (tooling/lint/*.js): plain modules eslint.config.js imports.
    files: ['tooling/lint/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: false, project: null },
    },
  },
  ...boundaries(),
  siteRendered(),
  {
    // Production code only: a function past 120 lines (blank lines and comments aside) does several jobs, and
    // the next reader has to hold them all at once. Split it by what it does (a hook, a section, a step).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'tooling/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
