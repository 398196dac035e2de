import { describe, expect, it } from 'vitest';
import { findBoundaryViolations } from './boundaryRules.ts';

describe('import boundaries', () => {
  it.each([
    ['src/core/domain/permissions.ts', 'src/server/db/schema', false],
    ['src/core/layout/rows.ts', 'pixi.js', false],
    ['src/client/features/roadmap/RoadmapPage.tsx', 'pixi.js', false],
    ['src/client/features/epics/EpicsPage.tsx', 'jotai', false],
    ['src/client/features/epics/EpicsPage.tsx', '@apollo/client/react', false],
    ['src/client/app/main.tsx', 'src/server/config', false],
    ['src/server/services/epicService.ts', 'kysely', false],
    ['src/server/http/app.ts', 'src/client/app/main', false],
    ['src/server/services/epicService.ts', 'date-fns', false],
    ['workers/layout.worker.ts', 'src/client/canvas/scene', false],
  ])('%s may not import %s', (file, target, typeOnly) => {
    expect(findBoundaryViolations(file, target, typeOnly)).not.toEqual([]);
  });

  it.each([
    ['src/client/canvas/RoadmapScene.ts', 'pixi.js', false],
    ['src/client/state/filterAtoms.ts', 'jotai', false],
    ['src/client/data/apolloClient.ts', '@apollo/client', false],
    ['src/server/services/epicService.ts', 'kysely', true],
    ['src/server/db/repositories/epicRepository.ts', 'kysely', false],
    ['src/core/time/calendarDate.ts', 'date-fns', false],
    ['src/client/features/roadmap/RoadmapPage.tsx', 'src/core/domain/gid', false],
    ['workers/layout.worker.ts', 'src/core/layout/roadmapLayout', false],
  ])('%s may import %s', (file, target, typeOnly) => {
    expect(findBoundaryViolations(file, target, typeOnly)).toEqual([]);
  });
});
