/**
 * The boundary rules of eslint.config.js, proven: each zone fires on a deliberate violation and stays quiet on
 * the imports the architecture allows. Files are linted in memory at paths inside the real folders, so the
 * real resolver and the real zones decide. Type-aware rules are filtered out: they need a TypeScript program
 * and say nothing about boundaries.
 */
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const BOUNDARY_RULES = new Set([
  'import/no-restricted-paths',
  'import/no-cycle',
  'import/no-unresolved',
  'local/no-folder-cycle',
  'no-restricted-imports',
  'no-restricted-syntax',
]);
const configFile = path.join(root, 'eslint.config.js');

// The rule's shortcut (strongly connected components) reads the linted file from disk; a probe exists only in
// memory, so the test keeps the configured severity and options and only asks it to walk the imports instead.
const configured = (await new ESLint({
  cwd: root,
  overrideConfigFile: configFile,
}).calculateConfigForFile(
  path.join(root, 'apps/server/src/modules/members/members.service.ts'),
)) as { rules: Record<string, [Linter.Severity, object?]> };
const [cycleSeverity, cycleOptions] = configured.rules['import/no-cycle'] ?? [0];

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: configFile,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { 'import/no-cycle': [cycleSeverity, { ...cycleOptions, disableScc: true }] },
  },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const zone = (importPath: string, why: string) => ({
  rule: 'import/no-restricted-paths',
  message: `Unexpected path "${importPath}" imported in restricted zone. ${why}`,
});
const FEATURE_TO_FEATURE =
  'A feature never imports another feature: move the shared piece to components/, lib/ or hooks/, or compose both in app/.';
const ROUTES_CALL_SERVICES =
  'Routes call services only: SQL and the database stay behind a service.';
const INFRASTRUCTURE =
  'lib/, db/, jobs/, auth/ and bulk/ are shared layers: they never import an area module, api/ or site/; wire areas in a composition root.';

describe('console zones: app → features → shared, no feature → feature', () => {
  const inMembers = 'apps/console/src/features/members/components/probe.tsx';

  it('a feature importing another feature fails, by relative path and through the #features alias', async () => {
    const code = [
      "import { CabinetsPage } from '../../cabinets/components/cabinets-page.tsx';",
      "import { DocumentsPage } from '#features/documents/components/documents-page.tsx';",
      'export const pages = [CabinetsPage, DocumentsPage];',
    ].join('\n');
    expect(await lint(inMembers, code)).toEqual([
      zone('../../cabinets/components/cabinets-page.tsx', FEATURE_TO_FEATURE),
      zone('#features/documents/components/documents-page.tsx', FEATURE_TO_FEATURE),
    ]);
  });

  it('a feature importing app/, and shared code importing a feature or app/, fail', async () => {
    expect(
      await lint(
        inMembers,
        "import { router } from '../../../app/router.tsx';\nexport { router };",
      ),
    ).toEqual([
      zone('../../../app/router.tsx', 'Features never import app/: app composes features.'),
    ]);
    const shared = 'apps/console/src/components/alerts/probe.ts';
    const code =
      "import { MembersPage } from '#features/members/components/members-page.tsx';\nexport { MembersPage };";
    expect(await lint(shared, code)).toEqual([
      zone(
        '#features/members/components/members-page.tsx',
        'Shared code never imports features or app/.',
      ),
    ]);
  });

  it('an alias the resolver cannot follow fails instead of slipping past the zones', async () => {
    expect(
      await lint(inMembers, "import { X } from '#features/nowhere/x.tsx';\nexport { X };"),
    ).toEqual([
      {
        rule: 'import/no-unresolved',
        message: "Unable to resolve path to module '#features/nowhere/x.tsx'.",
      },
    ]);
  });

  it('the allowed directions pass: a feature uses itself and shared code, app composes features', async () => {
    const feature = [
      "import { MemberList } from './member-list.tsx';",
      "import { useAlert } from '../../../components/alerts/index.ts';",
      "import { apiFetch } from '../../../lib/api-client.ts';",
      'export const used = [MemberList, useAlert, apiFetch];',
    ].join('\n');
    expect(await lint(inMembers, feature)).toEqual([]);
    const route =
      "import { MembersPage } from '#features/members/components/members-page.tsx';\nexport { MembersPage };";
    expect(await lint('apps/console/src/app/routes/probe.tsx', route)).toEqual([]);
  });
});

describe('server zones: routes → services → repositories, infrastructure apart from areas', () => {
  it('a route importing a repository, a *.sql.ts, the database or drizzle fails', async () => {
    const code = [
      "import { findMember } from './members.repository.ts';",
      "import { memberKeywordMatch } from './member-list.sql.ts';",
      "import { users } from '../../db/schema.ts';",
      "import { eq } from 'drizzle-orm';",
      'export const used = [findMember, memberKeywordMatch, users, eq];',
    ].join('\n');
    expect(await lint('apps/server/src/modules/members/probe.routes.ts', code)).toEqual([
      zone('./members.repository.ts', ROUTES_CALL_SERVICES),
      zone('./member-list.sql.ts', ROUTES_CALL_SERVICES),
      zone('../../db/schema.ts', ROUTES_CALL_SERVICES),
      {
        rule: 'no-restricted-imports',
        message:
          "'drizzle-orm' import is restricted from being used by a pattern. Routes call services only: SQL stays in repositories.",
      },
    ]);
  });

  it('drizzle outside a repository fails (a service, the site, auth/); a repository or *.sql.ts passes', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const used = eq;";
    const outside = {
      rule: 'no-restricted-imports',
      message:
        "'drizzle-orm' import is restricted from being used by a pattern. SQL stays in repositories: move the query to a *.repository.ts (or a *.sql.ts fragment a repository uses).",
    };
    for (const file of [
      'apps/server/src/modules/members/probe.service.ts',
      'apps/server/src/site/probe.ts',
      'apps/server/src/auth/probe.ts',
      'apps/server/src/lib/probe.ts',
    ]) {
      expect(await lint(file, code), file).toEqual([outside]);
    }
    expect(await lint('apps/server/src/auth/probe.repository.ts', code)).toEqual([]);
    expect(await lint('apps/server/src/modules/members/probe.sql.ts', code)).toEqual([]);
  });

  it('a route deciding a permission by hand instead of declaring it fails', async () => {
    const code =
      'export const hook = (request: { auth: { isCompanyAdmin: boolean } }) => request.auth.isCompanyAdmin;';
    expect(await lint('apps/server/src/modules/members/probe.routes.ts', code)).toEqual([
      {
        rule: 'no-restricted-syntax',
        message:
          "Declare the route's permission: preValidation: requirePermission(...) (api/plugins/permissions.ts).",
      },
    ]);
  });

  it('a service importing Fastify fails', async () => {
    const code = "import type { FastifyRequest } from 'fastify';\nexport type R = FastifyRequest;";
    expect(await lint('apps/server/src/modules/members/probe.service.ts', code)).toEqual([
      {
        rule: 'no-restricted-imports',
        message:
          "'fastify' import is restricted from being used by a pattern. Services never import Fastify: routes translate HTTP, services take plain arguments.",
      },
    ]);
  });

  it('lib/, db/, jobs/, auth/ or bulk/ importing an area module fails', async () => {
    const code =
      "import { findMembers } from '../modules/members/members.service.ts';\nexport { findMembers };";
    for (const layer of ['lib', 'db', 'jobs', 'auth', 'bulk']) {
      expect(await lint(`apps/server/src/${layer}/probe.ts`, code), layer).toEqual([
        zone('../modules/members/members.service.ts', INFRASTRUCTURE),
      ]);
    }
    const site = "import { sendMessage } from '../site/render.ts';\nexport { sendMessage };";
    expect(await lint('apps/server/src/jobs/probe.ts', site)).toEqual([
      zone('../site/render.ts', INFRASTRUCTURE),
    ]);
  });

  it("a module importing another module's repository fails; its own passes", async () => {
    const code = [
      "import { findMember } from '../members/members.repository.ts';",
      "import { findCabinet } from './cabinets.repository.ts';",
      'export const used = [findMember, findCabinet];',
    ].join('\n');
    expect(await lint('apps/server/src/modules/cabinets/probe.service.ts', code)).toEqual([
      zone(
        '../members/members.repository.ts',
        "A module never imports another module's repository: call that module's service (or a read it exports).",
      ),
    ]);
  });

  it('api/ importing an area module fails: api-app.ts composes them', async () => {
    const code =
      "import { membersRoutes } from '../../modules/members/members.routes.ts';\nexport { membersRoutes };";
    expect(await lint('apps/server/src/api/plugins/probe.ts', code)).toEqual([
      zone(
        '../../modules/members/members.routes.ts',
        'api/ holds the plugins and route helpers areas use: it never imports an area; api-app.ts composes them.',
      ),
    ]);
  });

  it('db/ importing auth/ fails, in any folder of db/', async () => {
    const code = "import { hashPassword } from '../auth/passwords.ts';\nexport { hashPassword };";
    expect(await lint('apps/server/src/db/probe.ts', code)).toEqual([
      zone('../auth/passwords.ts', 'db/ is below auth/: it never imports it.'),
    ]);
    const nested =
      "import { hashPassword } from '../../auth/passwords.ts';\nexport { hashPassword };";
    expect(await lint('apps/server/src/db/seed/probe.ts', nested)).toEqual([
      zone('../../auth/passwords.ts', 'db/ is below auth/: it never imports it.'),
    ]);
  });

  it("site/ importing an area module fails, the sign-in's areas too; auth/ and the shared layers pass", async () => {
    const code = [
      "import { findMembers } from '../modules/members/members.service.ts';",
      "import { recordAuditEvent } from '../modules/audit-log/audit-log.record.ts';",
      "import { loadSession } from '../auth/sessions.ts';",
      "import { AppError } from '../lib/app-error.ts';",
      'export const used = [findMembers, recordAuditEvent, loadSession, AppError];',
    ].join('\n');
    const SITE =
      "site/ is the web front (pages, session cookies, the console and its first screen): it imports no area module; site-app.ts composes the areas' pages.";
    expect(await lint('apps/server/src/site/probe.ts', code)).toEqual([
      zone('../modules/members/members.service.ts', SITE),
      zone('../modules/audit-log/audit-log.record.ts', SITE),
    ]);
  });

  it('production code importing apps/server/test/ fails', async () => {
    const code =
      "import { makeCompany } from '../../../test/support/fixtures.ts';\nexport { makeCompany };";
    expect(await lint('apps/server/src/modules/members/probe.ts', code)).toEqual([
      zone(
        '../../../test/support/fixtures.ts',
        'Production code never imports apps/server/test/: test support is for tests only.',
      ),
    ]);
  });

  it('an import cycle between two files fails', async () => {
    // members.service.ts imports members.repository.ts; the repository importing the service back closes a cycle.
    const code = "import { findMembers } from './members.service.ts';\nexport { findMembers };";
    expect(await lint('apps/server/src/modules/members/members.repository.ts', code)).toEqual([
      { rule: 'import/no-cycle', message: 'Dependency cycle detected.' },
    ]);
  });

  it('an import between two area folders that closes a folder cycle fails, naming the way back', async () => {
    // cabinets/ files documents by a search condition (documents-search.sql.ts): documents/ may not use cabinets/.
    const code =
      "import { listCabinets } from '../cabinets/cabinets.service.ts';\nexport { listCabinets };";
    expect(await lint('apps/server/src/modules/documents/probe.ts', code)).toEqual([
      {
        rule: 'local/no-folder-cycle',
        message:
          'Folder cycle: modules/documents → modules/cabinets → modules/documents. Give the shared piece one home in the lower folder (or lib/), or compose both in a composition root.',
      },
    ]);
    const back =
      "import { searchConditions } from '../documents/documents-search.sql.ts';\nexport { searchConditions };";
    expect(await lint('apps/server/src/modules/cabinets/probe.ts', back)).toEqual([]);
  });

  it('the allowed directions pass: a route uses its service, a service its repository and lib/', async () => {
    const route =
      "import * as service from './members.service.ts';\nimport { AppError } from '../../lib/app-error.ts';\nexport const used = [service, AppError];";
    expect(await lint('apps/server/src/modules/members/probe.routes.ts', route)).toEqual([]);
    const service =
      "import * as repo from './members.repository.ts';\nimport { AppError } from '../../lib/app-error.ts';\nexport const used = [repo, AppError];";
    expect(await lint('apps/server/src/modules/members/probe.service.ts', service)).toEqual([]);
  });
});
