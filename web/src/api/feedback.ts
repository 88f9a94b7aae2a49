import { useMutation } from '@tanstack/react-query';
import { apiFetch } from './client';

/** The feedback dialog and the training-site link of the settings menu (spec 1 §2.12, §2.4). */
export const feedbackApi = {
  send: (body: { Title: string; Message: string }) =>
    apiFetch<{ id: string }>('/rest/feedback', { method: 'POST', body }),
  trainingSite: (id = 'home') =>
    apiFetch<{ url: string }>(`/rest/university/goto/${encodeURIComponent(id)}`, { method: 'PUT' }),
};

export const useSendFeedback = () => useMutation({ mutationFn: feedbackApi.send });
export const useTrainingSite = () => useMutation({ mutationFn: feedbackApi.trainingSite });
