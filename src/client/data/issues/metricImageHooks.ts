import { useCallback, useEffect, useState } from 'react';
import type { MetricImage } from '../types.ts';
import {
  deleteMetricImage,
  fetchMetricImages,
  type MetricImageLinkFields,
  updateMetricImage,
  uploadMetricImage,
} from './metricImagesRest.ts';

/** An incident's metric images as its Metrics tab shows them, and the changes it makes to them. */
export interface MetricImages {
  readonly images: readonly MetricImage[];
  readonly loading: boolean;
  /** The server's words when the list could not be read. */
  readonly error: string | null;
  readonly upload: (
    file: File,
    link: MetricImageLinkFields,
    onProgress: (sent: number) => void,
    signal?: AbortSignal,
  ) => Promise<void>;
  readonly update: (imageId: number, link: MetricImageLinkFields) => Promise<void>;
  readonly remove: (imageId: number) => Promise<void>;
}

/**
 * The images of one incident, read once per mount; every change is sent first and shown once the
 * server has kept it (nothing optimistic to undo), each rejecting with the server's message.
 */
export function useMetricImages(projectId: string | number, iid: string | number): MetricImages {
  const [state, setState] = useState({
    images: [] as readonly MetricImage[],
    loading: true,
    error: null as string | null,
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchMetricImages(projectId, iid, controller.signal).then(
      (images) => setState({ images, loading: false, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          images: [],
          loading: false,
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return () => controller.abort();
  }, [projectId, iid]);

  const upload = useCallback<MetricImages['upload']>(
    async (file, link, onProgress, signal) => {
      const image = await uploadMetricImage(projectId, iid, file, link, onProgress, signal);
      setState((previous) => ({ ...previous, images: [...previous.images, image] }));
    },
    [projectId, iid],
  );
  const update = useCallback<MetricImages['update']>(
    async (imageId, link) => {
      const image = await updateMetricImage(projectId, iid, imageId, link);
      setState((previous) => ({
        ...previous,
        images: previous.images.map((each) => (each.id === imageId ? image : each)),
      }));
    },
    [projectId, iid],
  );
  const remove = useCallback<MetricImages['remove']>(
    async (imageId) => {
      await deleteMetricImage(projectId, iid, imageId);
      setState((previous) => ({
        ...previous,
        images: previous.images.filter((each) => each.id !== imageId),
      }));
    },
    [projectId, iid],
  );
  return { ...state, upload, update, remove };
}
