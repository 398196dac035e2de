import { describe, expect, it } from 'vitest';
import { createRoadmapFrame } from '../../canvas/roadmapFrame.ts';
import { RoadmapDependencies } from './roadmapDependencies.ts';

describe('RoadmapDependencies', () => {
  const epics = [{ id: 1 }, { id: 2, blockedByIds: [1] }, { id: 3, blockedByIds: [2] }, { id: 4 }];

  it("highlights a hovered epic's whole chain in the frame, and nothing for an epic with no links", () => {
    const dependencies = new RoadmapDependencies();
    dependencies.setEpics(epics);
    const frame = createRoadmapFrame();
    dependencies.highlight(frame, 3);
    expect([...frame.highlightedChain].sort()).toEqual([1, 2, 3]);
    dependencies.highlight(frame, 4);
    expect(frame.highlightedChain.size).toBe(0);
    dependencies.highlight(frame, 1);
    dependencies.highlight(frame, undefined);
    expect(frame.highlightedChain.size).toBe(0);
  });

  it('answers which loaded epics an epic blocks, following new epics', () => {
    const dependencies = new RoadmapDependencies();
    dependencies.setEpics(epics);
    expect(dependencies.blockedOf(1)).toEqual([2]);
    dependencies.setEpics([...epics, { id: 5, blockedByIds: [1] }]);
    expect(dependencies.blockedOf(1)).toEqual([2, 5]);
  });
});
