import { useState } from 'react';
import { pathFromName } from '../../../core/domain/namespaceCreation.ts';
import type { CreationAnswer } from '../../data/index.ts';
import { CREATE_TEXTS } from './createTexts.ts';

/**
 * What the new group and new project forms share: the name, the path that follows it until edited,
 * and a submit that leads to what was made, or keeps the server's problems by field.
 */
export function useCreationForm(pageOf: (fullPath: string) => string) {
  const [name, setNameValue] = useState('');
  const [path, setPathValue] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [failure, setFailure] = useState('');

  const setName = (next: string) => {
    setNameValue(next);
    if (!pathEdited) setPathValue(pathFromName(next));
  };
  const setPath = (next: string) => {
    setPathValue(next);
    setPathEdited(true);
  };
  const submit = async (create: () => Promise<CreationAnswer>) => {
    if (busy) return;
    setBusy(true);
    setFailure('');
    try {
      const answer = await create();
      if (answer.ok) {
        window.location.assign(pageOf(answer.fullPath));
        return;
      }
      setFields(answer.fields);
      setFailure(answer.message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : CREATE_TEXTS.failed);
    }
    setBusy(false);
  };
  return { name, setName, path, setPath, busy, fields, failure, submit };
}
