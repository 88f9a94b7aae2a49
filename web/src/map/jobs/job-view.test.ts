import { describe, expect, it } from 'vitest';
import { jobStatus, type Job } from '@fieldbook/domain';
import { JOB_PAGE_SIZES, hasResult, jobProgress } from './job-view';

const now = Date.parse('2026-01-01T12:00:00Z');
const job = (over: Partial<Job> = {}): Job => ({
  id: 'j1',
  type: 'EXPORT',
  title: 'Hydrants',
  projectId: 'p1',
  ownerId: 'a1',
  createdAt: '2026-01-01T11:00:00Z',
  updatedAt: '2026-01-01T11:00:00Z',
  isComplete: false,
  hasError: false,
  timeoutTime: '2026-01-01T13:00:00Z',
  resultURL: null,
  infoMessages: [],
  processed: 0,
  total: 0,
  ...over,
});

describe('job status (spec 1 §9)', () => {
  it('derives each status from isComplete, hasError and timeoutTime', () => {
    expect(jobStatus(job({ isComplete: true }), now)).toBe('success');
    expect(jobStatus(job({ isComplete: true, hasError: true }), now)).toBe('completeWithErrors');
    expect(jobStatus(job({ hasError: true }), now)).toBe('failed');
    expect(jobStatus(job({ timeoutTime: '2026-01-01T11:59:59Z' }), now)).toBe('timeout');
    expect(jobStatus(job(), now)).toBe('inProgress');
    // An error wins over a passed timeout; a finished job never times out.
    expect(jobStatus(job({ hasError: true, timeoutTime: '2026-01-01T10:00:00Z' }), now)).toBe('failed');
    expect(jobStatus(job({ isComplete: true, timeoutTime: '2026-01-01T10:00:00Z' }), now)).toBe('success');
  });

  it('shows progress as a percentage once the total is known', () => {
    expect(jobProgress(job())).toBeNull();
    expect(jobProgress(job({ processed: 250, total: 1000 }))).toBe(25);
    expect(jobProgress(job({ processed: 1200, total: 1000 }))).toBe(100);
  });

  it('offers a download only for finished jobs with a result', () => {
    expect(hasResult(job({ isComplete: true, resultURL: '/r/x.zip' }), now)).toBe(true);
    expect(hasResult(job({ isComplete: true }), now)).toBe(false);
    expect(hasResult(job({ resultURL: '/r/x.zip' }), now)).toBe(false);
  });

  it('pages by the spec sizes', () => {
    expect(JOB_PAGE_SIZES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 50]);
  });
});
