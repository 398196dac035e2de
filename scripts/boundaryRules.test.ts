import { describe, expect, it } from 'vitest';
import { LAYERS } from './boundaryRules.ts';
import { checkImport, moduleName } from './boundaryVerdict.ts';
import type { ImportKind } from './importScan.ts';

describe('the import allowlist refuses', () => {
  it.each<[string, string, ImportKind]>([
    ['src/core/time/timeScale.ts', 'node:fs', 'value'],
    ['src/core/domain/gid.ts', 'fs', 'value'],
    ['src/core/layout/rowWindow.ts', 'comlink', 'value'],
    ['src/core/layout/rowWindow.ts', 'react', 'value'],
    ['src/core/domain/permissions.ts', 'src/server/db/schema.ts', 'type'],
    ['src/core/time/timeScale.ts', 'src/core/layout/rowWindow.ts', 'value'],
    ['src/core/time/timeScale.ts', '../layout/rowWindow.ts', 'type'],
    ['src/core/lib/assert.ts', 'src/core/time/calendarDate.ts', 'value'],
    ['src/core/domain/epicRules.ts', 'src/core/layout/units.ts', 'value'],
    ['src/core/layout/rowWindow.ts', 'date-fns', 'value'],
    ['workers/roadmapLayout.worker.ts', 'react', 'value'],
    ['workers/roadmapLayout.worker.ts', 'src/client/canvas/scene.ts', 'value'],
    ['src/client/canvas/RoadmapScene.ts', 'src/client/features/roadmap/RoadmapPage.tsx', 'value'],
    ['src/client/canvas/RoadmapScene.ts', '../features/roadmap/index.ts', 'type'],
    ['src/client/state/roadmapAtoms.ts', 'src/client/features/roadmap/index.ts', 'value'],
    ['src/client/data/hooks.ts', 'src/client/features/epic/EpicPage.tsx', 'type'],
    ['src/client/ui/Button.tsx', 'src/client/data/hooks.ts', 'value'],
    ['src/client/ui/Toast.tsx', 'src/client/state/toastAtoms.ts', 'value'],
    ['src/client/components/issuable/Title.tsx', 'src/client/features/epic/index.ts', 'value'],
    ['src/client/features/epic/EpicPage.tsx', 'src/client/features/tree/EpicTreeCard.tsx', 'value'],
    ['src/client/features/epic/sidebar/DateBlock.tsx', '../../issuable/format.ts', 'value'],
    ['src/client/features/epic/EpicPage.tsx', 'src/client/app/pageData.ts', 'type'],
    ['src/client/bridge/treeLayoutClient.ts', 'workers/treeLayout.worker.ts', 'value'],
    ['src/client/bridge/treeLayoutClient.ts', '../../../workers/treeLayoutApi.ts', 'value'],
    ['src/client/features/roadmap/RoadmapPage.tsx', 'workers/roadmapLayoutApi.ts', 'type'],
    ['src/client/features/roadmap/RoadmapPage.tsx', 'pixi.js', 'value'],
    ['src/client/features/roadmap/RoadmapPage.tsx', 'jotai', 'value'],
    ['src/client/features/roadmap/RoadmapPage.tsx', '@apollo/client/react', 'value'],
    ['src/client/app/main.tsx', 'src/server/config.ts', 'type'],
    ['src/server/graphql/resolvers/epic.ts', 'src/server/db/repositories/epicRepository.ts', 'value'],
    ['src/server/graphql/resolvers/epic.ts', '../../db/repositories/epicRepository.ts', 'type'],
    ['src/server/graphql/register.ts', 'src/server/http/api/deps.ts', 'type'],
    ['src/server/http/api/epicRoutes.ts', 'src/server/db/repositories/epicRepository.ts', 'value'],
    ['src/server/http/api/epicRoutes.ts', 'src/server/db/database.ts', 'value'],
    ['src/server/http/app.ts', 'src/server/db/schema.ts', 'value'],
    ['src/server/http/app.ts', 'src/server/graphql/loaders.ts', 'value'],
    ['src/server/http/app.ts', 'src/client/app/main.tsx', 'value'],
    ['src/server/services/epics/epicCommands.ts', 'src/server/http/api/params.ts', 'value'],
    ['src/server/services/epics/epicCommands.ts', 'src/server/graphql/context.ts', 'type'],
    ['src/server/services/epics/epicCommands.ts', 'kysely', 'value'],
    ['src/server/services/epics/epicCommands.ts', 'src/server/config.ts', 'value'],
    ['src/server/db/repositories/epicRepository.ts', 'src/server/services/epics/epicCommands.ts', 'type'],
    ['src/server/db/schema.ts', 'fastify', 'value'],
    ['src/server/input/inputLimits.ts', 'src/server/http/api/params.ts', 'value'],
    ['src/server/input/inputLimits.ts', 'fastify', 'value'],
    ['src/server/serverDeps.ts', 'src/server/db/repositories/epicRepository.ts', 'type'],
    ['src/server/http/app.ts', 'workers/treeLayoutApi.ts', 'type'],
    ['src/server/http/app.ts', 'date-fns', 'value'],
    ['src/client/ui/Button.tsx', 'tests/helpers/testServer.ts', 'value'],
    ['tests/integration/epics.test.ts', 'bench/stats.ts', 'value'],
    ['scripts/codegen.ts', 'src/client/data/hooks.ts', 'value'],
    ['src/client/newRootFile.ts', 'react', 'value'],
  ])('%s importing %s (%s)', (file, specifier, kind) => {
    expect(checkImport(file, specifier, kind).allowed).toBe(false);
  });
});

describe('the import allowlist accepts', () => {
  it.each<[string, string, ImportKind]>([
    ['src/core/time/calendarDate.ts', 'date-fns', 'value'],
    ['src/core/time/timeScale.ts', 'src/core/lib/assert.ts', 'value'],
    ['src/core/layout/rowWindow.ts', '../domain/gid.ts', 'value'],
    ['src/core/pages/roadmapPage.ts', 'src/core/domain/webPaths.ts', 'value'],
    ['src/core/time/timeScale.test.ts', 'vitest', 'value'],
    ['workers/treeLayout.worker.ts', 'comlink', 'value'],
    ['workers/treeLayout.worker.ts', '../src/core/layout/tree/treeSession.ts', 'value'],
    ['src/client/features/epic/EpicPage.tsx', 'src/client/features/related-items/index.ts', 'value'],
    ['src/client/features/epic/EpicPage.tsx', '../tree', 'value'],
    ['src/client/features/epic/sidebar/DateBlock.tsx', '../EpicPage.tsx', 'value'],
    ['src/client/features/epic/EpicPage.tsx', 'src/client/components/issuable/Title.tsx', 'value'],
    ['src/client/bridge/treeLayoutClient.ts', 'workers/treeLayoutApi.ts', 'type'],
    ['src/client/bridge/treeLayoutClient.ts', '../../../workers/treeLayout.worker.ts?worker', 'url'],
    ['src/client/bridge/treeLayoutClient.test.ts', 'workers/treeLayout.worker.ts', 'value'],
    ['src/client/canvas/RoadmapScene.ts', 'pixi.js', 'value'],
    ['src/client/canvas/PixiHost.tsx', 'pixi.js/unsafe-eval', 'value'],
    ['src/client/state/roadmapAtoms.ts', 'jotai/utils', 'value'],
    ['src/client/data/apolloClient.ts', '@apollo/client', 'value'],
    ['src/client/app/pages.tsx', 'src/client/features/roadmap/RoadmapPage.tsx', 'value'],
    ['src/client/app/main.tsx', './styles.css', 'value'],
    ['src/server/graphql/loaders.ts', 'src/server/db/repositories/epicRepository.ts', 'value'],
    ['src/server/graphql/loaders.ts', '../db/repositories/todoRepository.ts', 'type'],
    ['src/server/graphql/resolvers/epic.ts', 'src/server/db/schema.ts', 'type'],
    ['src/server/graphql/resolvers/epic.ts', '../loaders.ts', 'value'],
    ['src/server/graphql/connection.ts', 'src/server/db/pagination.ts', 'value'],
    ['src/server/http/api/epicJson.ts', 'src/server/db/repositories/epicRepository.ts', 'value'],
    ['src/server/http/errorHandler.ts', 'src/server/db/dbErrors.ts', 'value'],
    ['src/server/http/app.ts', 'src/server/graphql/register.ts', 'value'],
    ['src/server/http/app.ts', 'src/server/config.ts', 'type'],
    ['src/server/graphql/requestLimits.ts', 'src/server/input/inputLimits.ts', 'value'],
    ['src/server/graphql/register.ts', 'src/server/serverDeps.ts', 'type'],
    ['src/server/http/inputGuard.ts', 'src/server/input/unstorableText.ts', 'value'],
    ['src/server/services/epics/epicCommands.ts', 'kysely', 'type'],
    ['src/server/services/epics/epicCommands.ts', 'src/server/db/repositories/epicRepository.ts', 'value'],
    ['src/server/db/repositories/epicRepository.ts', 'kysely', 'value'],
    ['src/server/main.ts', 'src/server/db/database.ts', 'value'],
    ['tests/integration/epics.test.ts', 'src/server/db/repositories/epicRepository.ts', 'value'],
    ['bench/api/run.ts', 'tests/helpers/testServer.ts', 'value'],
    ['scripts/codegen.ts', 'node:fs', 'value'],
  ])('%s importing %s (%s)', (file, specifier, kind) => {
    expect(checkImport(file, specifier, kind)).toMatchObject({ allowed: true, reason: '' });
  });
});

describe('the refusal says what to do instead', () => {
  it("names the feature's index.ts when a feature reaches into another", () => {
    expect(
      checkImport(
        'src/client/features/epic/EpicPage.tsx',
        'src/client/features/tree/EpicTreeCard.tsx',
        'value',
      ).reason,
    ).toContain('src/client/features/tree/index.ts');
  });

  it('says `import type` when only a type import is allowed', () => {
    expect(checkImport('src/client/bridge/x.ts', 'workers/treeLayoutApi.ts', 'value').reason).toContain(
      'import type',
    );
  });

  it('names a file that is in no layer', () => {
    expect(checkImport('src/shared/x.ts', 'react', 'value')).toMatchObject({
      allowed: false,
      layer: undefined,
    });
  });
});

describe('module names', () => {
  it('ignore code extensions and a trailing index', () => {
    expect(moduleName('src/client/features/tree/index.ts')).toBe('src/client/features/tree');
    expect(moduleName('src/client/ui/Button.tsx')).toBe('src/client/ui/Button');
    expect(moduleName('src/client/app/styles.css')).toBe('src/client/app/styles.css');
  });

  it('give every layer a distinct name and a reason', () => {
    expect(new Set(LAYERS.map((layer) => layer.name)).size).toBe(LAYERS.length);
    for (const layer of LAYERS) expect(layer.why).not.toBe('');
  });
});
