import { describe, expect, it } from 'vitest';
import { ACTIONS, type Action, can, ROLES, roleOf } from './permissions.ts';
import type { Visibility } from './visibility.ts';

/**
 * The expected policy, cell by cell, written from GitLab's permissions documentation. Each string has one
 * character per role in order: anonymous, non-member, guest, reporter, developer, maintainer, owner, admin.
 * `y` allowed, `-` refused. `+c` columns are for confidential items.
 */
type Row = Record<Visibility | `${Visibility}+c`, string>;

const EXPECTED: Record<Action, Row> = {
  //                 an nm gu re de ma ow ad
  read_group: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': 'yyyyyyyy',
    'internal+c': '-yyyyyyy',
    'private+c': '--yyyyyy',
  },
  read_project: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': 'yyyyyyyy',
    'internal+c': '-yyyyyyy',
    'private+c': '--yyyyyy',
  },
  read_epic: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  create_epic: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  update_epic: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  admin_epic_relation: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  destroy_epic: {
    public: '------yy',
    internal: '------yy',
    private: '------yy',
    'public+c': '------yy',
    'internal+c': '------yy',
    'private+c': '------yy',
  },
  read_issue: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  create_issue: {
    public: '-yyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': '-yyyyyyy',
    'internal+c': '-yyyyyyy',
    'private+c': '--yyyyyy',
  },
  update_issue: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  admin_issue: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  destroy_issue: {
    public: '------yy',
    internal: '------yy',
    private: '------yy',
    'public+c': '------yy',
    'internal+c': '------yy',
    'private+c': '------yy',
  },
  read_merge_request: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '---yyyyy',
    'public+c': 'yyyyyyyy',
    'internal+c': '-yyyyyyy',
    'private+c': '---yyyyy',
  },
  create_merge_request_in: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  update_merge_request: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  admin_merge_request: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  approve_merge_request: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  merge_merge_request: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  destroy_merge_request: {
    public: '------yy',
    internal: '------yy',
    private: '------yy',
    'public+c': '------yy',
    'internal+c': '------yy',
    'private+c': '------yy',
  },
  read_environment: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '---yyyyy',
    'public+c': 'yyyyyyyy',
    'internal+c': '-yyyyyyy',
    'private+c': '---yyyyy',
  },
  admin_environment: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  read_deployment: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '---yyyyy',
    'public+c': 'yyyyyyyy',
    'internal+c': '-yyyyyyy',
    'private+c': '---yyyyy',
  },
  create_deployment: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  update_deployment: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  destroy_deployment: {
    public: '-----yyy',
    internal: '-----yyy',
    private: '-----yyy',
    'public+c': '-----yyy',
    'internal+c': '-----yyy',
    'private+c': '-----yyy',
  },
  admin_protected_environment: {
    public: '-----yyy',
    internal: '-----yyy',
    private: '-----yyy',
    'public+c': '-----yyy',
    'internal+c': '-----yyy',
    'private+c': '-----yyy',
  },
  read_vulnerability: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  admin_vulnerability: {
    public: '-----yyy',
    internal: '-----yyy',
    private: '-----yyy',
    'public+c': '-----yyy',
    'internal+c': '-----yyy',
    'private+c': '-----yyy',
  },
  upload_security_report: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  read_dora4_analytics: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  read_group_activity_analytics: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  read_code_review_analytics: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  read_group_cycle_analytics: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  admin_value_stream: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  read_type_of_work_analytics: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  read_milestone: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': 'yyyyyyyy',
    'internal+c': '-yyyyyyy',
    'private+c': '--yyyyyy',
  },
  admin_milestone: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  read_label: {
    public: 'yyyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': 'yyyyyyyy',
    'internal+c': '-yyyyyyy',
    'private+c': '--yyyyyy',
  },
  admin_label: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  create_note: {
    public: '-yyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  read_internal_note: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  award_emoji: {
    public: '-yyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  create_todo: {
    public: '-yyyyyyy',
    internal: '-yyyyyyy',
    private: '--yyyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  create_incident: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  admin_incident_management_timeline_event: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
  upload_issuable_metric_image: {
    public: '---yyyyy',
    internal: '---yyyyy',
    private: '---yyyyy',
    'public+c': '---yyyyy',
    'internal+c': '---yyyyy',
    'private+c': '---yyyyy',
  },
  mark_issue_for_publication: {
    public: '------yy',
    internal: '------yy',
    private: '------yy',
    'public+c': '------yy',
    'internal+c': '------yy',
    'private+c': '------yy',
  },
  admin_project: {
    public: '-----yyy',
    internal: '-----yyy',
    private: '-----yyy',
    'public+c': '-----yyy',
    'internal+c': '-----yyy',
    'private+c': '-----yyy',
  },
  admin_group: {
    public: '------yy',
    internal: '------yy',
    private: '------yy',
    'public+c': '------yy',
    'internal+c': '------yy',
    'private+c': '------yy',
  },
  create_subgroup: {
    public: '-----yyy',
    internal: '-----yyy',
    private: '-----yyy',
    'public+c': '-----yyy',
    'internal+c': '-----yyy',
    'private+c': '-----yyy',
  },
  create_projects: {
    public: '----yyyy',
    internal: '----yyyy',
    private: '----yyyy',
    'public+c': '----yyyy',
    'internal+c': '----yyyy',
    'private+c': '----yyyy',
  },
};

const cells = ACTIONS.flatMap((action) =>
  (['public', 'internal', 'private'] as const).flatMap((visibility) =>
    [false, true].flatMap((confidential) => {
      const key: keyof Row = confidential ? `${visibility}+c` : visibility;
      const row = EXPECTED[action][key];
      return ROLES.map((role, index) => ({
        action,
        visibility,
        confidential,
        role,
        allowed: row[index] === 'y',
      }));
    }),
  ),
);

describe('permission policy', () => {
  it.each(cells)(
    '$role on a $visibility item (confidential: $confidential) may $action: $allowed',
    ({ action, visibility, confidential, role, allowed }) => {
      expect(can(role, action, { visibility, confidential })).toBe(allowed);
    },
  );

  it('lets the author and assignees of a confidential issue see it without Reporter access', () => {
    expect(can('guest', 'read_issue', { visibility: 'private', confidential: true, isAuthor: true })).toBe(
      true,
    );
    expect(
      can('non_member', 'read_issue', { visibility: 'public', confidential: true, isAssignee: true }),
    ).toBe(true);
    expect(
      can('anonymous', 'read_issue', { visibility: 'public', confidential: true, isAssignee: true }),
    ).toBe(true);
    expect(can('guest', 'read_epic', { visibility: 'private', confidential: true, isAuthor: true })).toBe(
      false,
    );
  });

  it('lets an author edit their own issue', () => {
    expect(can('guest', 'update_issue', { visibility: 'private', isAuthor: true })).toBe(true);
    expect(can('non_member', 'update_issue', { visibility: 'public', isAuthor: true })).toBe(true);
    // Only the team sets labels, milestone, assignees and the rest, the author included or not.
    expect(can('guest', 'admin_issue', { visibility: 'private', isAuthor: true })).toBe(false);
    expect(can('non_member', 'admin_issue', { visibility: 'public', isAuthor: true })).toBe(false);
    expect(can('guest', 'update_issue', { visibility: 'private' })).toBe(false);
  });

  it('maps access levels and accounts to roles', () => {
    expect(roleOf(null, 50)).toBe('anonymous');
    expect(roleOf({ isAdmin: true }, 0)).toBe('admin');
    expect(roleOf({ isAdmin: false }, 0)).toBe('non_member');
    expect(roleOf({ isAdmin: false }, 10)).toBe('guest');
    expect(roleOf({ isAdmin: false }, 20)).toBe('reporter');
    expect(roleOf({ isAdmin: false }, 30)).toBe('developer');
    expect(roleOf({ isAdmin: false }, 40)).toBe('maintainer');
    expect(roleOf({ isAdmin: false }, 50)).toBe('owner');
  });
});
