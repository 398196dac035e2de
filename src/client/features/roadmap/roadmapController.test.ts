import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEpic } from '../../../core/layout/epicFixtures.ts';
import { RoadmapSession } from '../../../core/layout/roadmapSession.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import type {
  LayoutViewport,
  RoadmapChange,
  RoadmapLayoutListener,
  ViewSpec,
} from '../../bridge/roadmapLayoutClient.ts';
import type { FrameScheduler, FrameTask } from '../../canvas/frameScheduler.ts';
import type { CanvasSurface } from '../../canvas/RoadmapCanvas.tsx';
import type { RoadmapFrame } from '../../canvas/roadmapFrame.ts';
import type { RoadmapEpicView } from '../../data/index.ts';
import { EPIC_HIGHLIGHT_REMOVE_AFTER_MS, RoadmapController } from './roadmapController.ts';
import type { LayoutClientPort } from './roadmapLayoutBinding.ts';

const today = '2020-07-06' as CalendarDate;

/** A layout client without a worker: records what it is sent and lays out on `answer()`. */
class FakeLayoutClient implements LayoutClientPort {
  readonly updates: RoadmapChange[] = [];
  readonly layouts: LayoutViewport[] = [];
  private session: RoadmapSession | null = null;
  private viewport: LayoutViewport | null = null;
  private epoch = 0;
  constructor(private readonly listener: RoadmapLayoutListener) {}
  init(view: ViewSpec): void {
    this.session = new RoadmapSession(view);
  }
  update(change: RoadmapChange, viewport: LayoutViewport): void {
    this.updates.push(change);
    this.session?.apply(change);
    this.viewport = viewport;
  }
  layout(viewport: LayoutViewport): void {
    this.layouts.push(viewport);
    this.viewport = viewport;
  }
  rowOf(id: number): Promise<number> {
    return Promise.resolve(this.session?.rowOf(id) ?? -1);
  }
  dispose(): void {}
  /** Delivers the layout of the last viewport asked for, as the worker would. */
  answer(): void {
    if (!this.session || !this.viewport) throw new Error('nothing to lay out');
    this.epoch += 1;
    this.listener.onSnapshot(this.session.layout(this.epoch, this.viewport));
  }
}

/** A frame scheduler that runs frames when the test says. */
class FakeScheduler implements FrameScheduler {
  requested = 0;
  private readonly pending = new Set<FrameTask>();
  request(task: FrameTask): void {
    this.requested += 1;
    this.pending.add(task);
  }
  cancel(task: FrameTask): void {
    this.pending.delete(task);
  }
  flush(): void {
    const tasks = [...this.pending];
    this.pending.clear();
    for (const task of tasks) task(0);
  }
}

const epicView = (id: number, startDate = '2020-06-01', dueDate = '2020-08-31'): RoadmapEpicView => ({
  ...makeEpic({ id, startDate, dueDate }),
  gid: `gid://gitlab/Epic/${id}`,
  state: 'opened',
  webPath: `/groups/acme/-/epics/${id}`,
  groupFullPath: 'acme',
  confidential: false,
  blocked: false,
  blockedByCount: 0,
  childEpicCount: 0,
  startDateIsFixed: true,
  dueDateIsFixed: true,
  lockVersion: 0,
  canUpdate: true,
});

function setUp() {
  let client: FakeLayoutClient | null = null;
  const scheduler = new FakeScheduler();
  const draws: number[] = [];
  /** How many rows the frame handed to the canvas carried, per draw. */
  const drawnRows: number[] = [];
  const controller = new RoadmapController(
    {
      today,
      timeframe: { rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today },
      sortedBy: 'start_date_asc',
      progressTracking: 'WEIGHT',
      currentGroupId: 1,
      singleEpicIid: false,
      opensAt: 'today',
    },
    {
      createClient: (listener) => {
        client = new FakeLayoutClient(listener);
        return client;
      },
      scheduler,
    },
  );
  const surface = {
    resize: () => undefined,
    draw: (frame: RoadmapFrame) => {
      draws.push(1);
      drawnRows.push(frame.snapshot?.count ?? 0);
      return 0;
    },
  } as unknown as CanvasSurface;
  controller.attachSurface(surface);
  controller.setSize(1220, 700);
  controller.setEpics(Array.from({ length: 40 }, (_, i) => epicView(i + 1)));
  const fake = client as unknown as FakeLayoutClient;
  fake.answer();
  scheduler.flush();
  /** Counts from here on. */
  const reset = () => {
    controller.stats.frameRequests = 0;
    controller.stats.draws = 0;
    controller.stats.layoutUpdates = 0;
    controller.stats.layoutRequests = 0;
    fake.updates.length = 0;
    fake.layouts.length = 0;
  };
  reset();
  return { controller, client: fake, scheduler, reset, drawnRows };
}

describe('the roadmap controller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('requests exactly one frame and draws once for one scroll step', () => {
    const { controller, client, scheduler } = setUp();
    controller.scrollBy(0, 40);
    expect(controller.stats.frameRequests).toBe(1);
    scheduler.flush();
    expect(controller.stats.draws).toBe(1);
    expect(client.updates).toHaveLength(0);
    expect(client.layouts).toHaveLength(0);
  });

  it('draws once for a hover that stays on the same row', () => {
    const { controller, scheduler } = setUp();
    controller.setHighlightedRow(3);
    scheduler.flush();
    controller.setHighlightedRow(3);
    scheduler.flush();
    expect(controller.stats.draws).toBe(1);
  });

  it('draws once and sends one layout update for a zoom step', () => {
    const { controller, client, scheduler } = setUp();
    controller.zoomOut();
    scheduler.flush();
    expect(controller.stats.draws).toBe(1);
    expect(controller.stats.layoutUpdates).toBe(1);
    expect(client.updates).toEqual([
      { view: { scale: { kind: 'continuous', zoom: controller.viewport.zoom } } },
    ]);
  });

  it('hands the canvas the newest snapshot to draw', () => {
    const { drawnRows } = setUp();
    expect(drawnRows.length).toBeGreaterThan(0);
    expect(drawnRows.at(-1)).toBeGreaterThan(0);
  });

  it('tells the worker the grown domain when zooming out past the range', () => {
    const { controller, client, scheduler } = setUp();
    controller.zoomTo(-3);
    const scale = client.updates[0]?.view?.scale;
    expect(scale).toEqual({
      kind: 'continuous',
      zoom: -3,
      startDay: controller.scale.startDay,
      endDay: controller.scale.endDay,
    });
    client.answer();
    scheduler.flush();
    // The timeline goes on beyond the range on both sides: the frame says where it starts and ends.
    expect(controller.frame.rangeStartX).toBeGreaterThan(0);
    expect(controller.frame.rangeEndX).toBeLessThan(controller.scale.width);
    // The worker's snapshot is on the same scale: nothing to stretch or shift.
    expect(controller.snapshot?.timelineWidth).toBeCloseTo(controller.scale.width, 3);
    expect(controller.snapshot?.rowCount).toBe(40);
  });

  it('asks for a new layout once a scroll moved past half a screen', () => {
    const { controller, client, scheduler } = setUp();
    controller.scrollBy(0, 200);
    scheduler.flush();
    expect(client.layouts).toHaveLength(0);
    controller.scrollBy(0, 200);
    scheduler.flush();
    expect(client.layouts).toHaveLength(1);
    expect(controller.stats.layoutRequests).toBe(1);
  });

  it('sends only the epics that changed, and removes the ones gone', () => {
    const { controller, client } = setUp();
    const epics = Array.from({ length: 40 }, (_, i) => epicView(i + 1));
    controller.setEpics(epics);
    expect(client.updates).toHaveLength(1);
    const change = client.updates[0];
    expect(change?.upsert).toHaveLength(40);
    controller.setEpics(epics);
    expect(client.updates).toHaveLength(1);
    controller.setEpics([...epics.slice(1), epicView(99)]);
    expect(client.updates[1]?.remove).toEqual([1]);
    expect(client.updates[1]?.upsert?.map((epic) => epic.id)).toEqual([99]);
  });

  it('sends expansion changes as one update', () => {
    const { controller, client } = setUp();
    controller.syncExpanded(new Set([1, 2]));
    controller.syncExpanded(new Set([2]));
    controller.syncExpanded(new Set([2]));
    expect(client.updates.map((change) => change.expanded)).toEqual([
      [
        { id: 1, expanded: true },
        { id: 2, expanded: true },
      ],
      [{ id: 1, expanded: false }],
    ]);
  });

  it('sends one update for a settings change and none for the same settings', () => {
    const { controller, client } = setUp();
    const settings = {
      timeframe: { rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today },
      sortedBy: 'start_date_asc',
      progressTracking: 'WEIGHT',
      currentGroupId: 1,
      singleEpicIid: false,
    } as const;
    controller.setViewSettings(settings);
    expect(client.updates).toHaveLength(0);
    controller.setViewSettings({ ...settings, sortedBy: 'end_date_desc', progressTracking: 'COUNT' });
    expect(client.updates).toEqual([{ view: { sortedBy: 'end_date_desc', progressTracking: 'COUNT' } }]);
    controller.zoomIn();
    controller.setViewSettings({
      ...settings,
      sortedBy: 'end_date_desc',
      progressTracking: 'COUNT',
      timeframe: { ...settings.timeframe, rangeType: 'THREE_YEARS' },
    });
    expect(client.updates[2]?.view).toEqual({
      timeframe: { ...settings.timeframe, rangeType: 'THREE_YEARS' },
      scale: { kind: 'preset' },
    });
    expect(controller.zoomed).toBe(false);
  });

  it('highlights a new epic, scrolls it into view and removes the highlight after 3 s', async () => {
    const { controller, client } = setUp();
    expect(controller.highlightEpic(12345)).toBe(false);
    // Equal dates list the highest id first, so epic 1 is the last row: far enough to scroll to.
    expect(controller.highlightEpic(1)).toBe(true);
    expect(client.updates[0]?.upsert?.[0]).toMatchObject({ id: 1, newEpic: true });
    await vi.runAllTicks();
    await Promise.resolve();
    expect(controller.viewport.scrollTop).toBeGreaterThan(0);
    vi.advanceTimersByTime(EPIC_HIGHLIGHT_REMOVE_AFTER_MS - 1);
    expect(client.updates).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(client.updates).toHaveLength(2);
    expect(client.updates[1]?.upsert?.[0]?.newEpic).toBeUndefined();
  });

  it('takes the details column width from the view, and the frame carries it', () => {
    const { controller, client } = setUp();
    controller.setSize(700, 700, 160);
    expect(controller.frame.detailsWidth).toBe(160);
    expect(controller.frame.width).toBe(540);
    expect(client.layouts.at(-1)?.width).toBe(540);
  });
});
