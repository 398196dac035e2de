import { describe, expect, it } from 'vitest';
import {
  draftOfSite,
  fieldProblem,
  fieldsOfDraft,
  NEW_SITE_DRAFT,
  newSiteDraft,
  refusalSummary,
  shownFields,
} from './geoSiteDraft.ts';

describe('the site form’s draft', () => {
  it('starts a new site as a secondary with GitLab’s capacities, and an edit from the site', () => {
    expect(NEW_SITE_DRAFT).toMatchObject({
      primary: false,
      filesMaxCapacity: '10',
      verificationMaxCapacity: '100',
    });
    expect(
      draftOfSite({
        id: 1,
        name: 'eu-west',
        url: 'http://eu/',
        internalUrl: null,
        primary: false,
        enabled: true,
        current: false,
        filesMaxCapacity: 4,
        verificationMaxCapacity: 0,
      }),
    ).toEqual({
      name: 'eu-west',
      url: 'http://eu/',
      primary: false,
      internalUrl: '',
      filesMaxCapacity: '4',
      verificationMaxCapacity: '0',
    });
  });

  it('offers this server as the primary while there is none, and a blank secondary once there is', () => {
    const thisSite = { name: 'http://127.0.0.1:3110', url: 'http://127.0.0.1:3110/' };
    expect(newSiteDraft(false, thisSite)).toEqual({
      ...NEW_SITE_DRAFT,
      primary: true,
      name: 'http://127.0.0.1:3110',
      url: 'http://127.0.0.1:3110/',
    });
    expect(newSiteDraft(true, thisSite)).toEqual(NEW_SITE_DRAFT);
    expect(newSiteDraft(false, { name: '', url: '' })).toEqual(NEW_SITE_DRAFT);
  });

  it('sends whole-number capacities and refuses others by GitLab’s field names', () => {
    expect(fieldsOfDraft({ ...NEW_SITE_DRAFT, filesMaxCapacity: ' 12 ' })).toEqual({
      ok: true,
      value: { ...NEW_SITE_DRAFT, filesMaxCapacity: 12, verificationMaxCapacity: 100 },
    });
    expect(
      fieldsOfDraft({ ...NEW_SITE_DRAFT, filesMaxCapacity: '-1', verificationMaxCapacity: '2.5' }),
    ).toEqual({
      ok: false,
      error: {
        fields: {
          files_max_capacity: ['must be a whole number of 0 or more'],
          verification_max_capacity: ['must be a whole number of 0 or more'],
        },
        message: '',
      },
    });
    expect(fieldsOfDraft({ ...NEW_SITE_DRAFT, filesMaxCapacity: '' }).ok).toBe(false);
  });
});

describe('a refused save', () => {
  const refusal = {
    fields: {
      name: ["can't be blank", 'has already been taken'],
      files_max_capacity: ['must be greater than or equal to 0'],
      enabled: ['Geo primary node cannot be disabled'],
      selective_sync_type: ['is not included in the list'],
    },
    message: '',
  };

  it('shows a field’s messages beside it, word for word', () => {
    expect(fieldProblem(refusal, 'name')).toBe("can't be blank, has already been taken");
    expect(fieldProblem(refusal, 'url')).toBeUndefined();
    expect(fieldProblem(null, 'name')).toBeUndefined();
  });

  it('says above the form what no shown field carries; a primary shows no file capacity', () => {
    const secondary = shownFields(NEW_SITE_DRAFT);
    expect(refusalSummary(refusal, secondary)).toBe(
      'Geo primary node cannot be disabled. Selective sync type is not included in the list',
    );
    const primary = shownFields({ ...NEW_SITE_DRAFT, primary: true });
    expect(primary).not.toContain('files_max_capacity');
    expect(refusalSummary(refusal, primary)).toContain(
      'Files max capacity must be greater than or equal to 0',
    );
    expect(refusalSummary({ fields: {}, message: '403 Forbidden' }, secondary)).toBe('403 Forbidden');
    expect(refusalSummary(null, secondary)).toBe('');
  });
});
