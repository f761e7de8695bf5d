// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { I18nContextProvider } from 'ra-core';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DispatchRules } from '../../../resources/permissions/DispatchRules';
import { InspectionRules } from '../../../resources/permissions/InspectionRules';
import { type CompanySettingDto, useCompanySetting } from '../../../resources/permissions/useCompanySetting';
import type { InspectionSettingsDto } from '../../../schema/company';
import { type DispatchRulesDto, dispatchRulesBody } from '../../../schema/dispatchRules';
import { adminI18nProvider } from '../../../src/i18n/admin';
import { forbidden, invalid, ok } from '../msw/respond';
import { api, callsTo, useApi } from '../msw/server';

/**
 * The company settings on Access Settings → Company share one frame (resources/permissions/useCompanySetting.ts and
 * resources/permissions/CompanySettingSection.tsx): loaded, edited as a draft, saved by an administrator, the server's
 * refusal shown word for word, only read by others. The API answers through msw (tests/unit/msw).
 */
useApi();

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nContextProvider value={adminI18nProvider}>{children}</I18nContextProvider>
    </QueryClientProvider>
  );
}

/** GET answers what is stored; PUT stores the body (as `accept` takes it) or refuses with what `accept` answers. */
function settingAt<T extends CompanySettingDto>(path: string, stored: T, accept: (body: unknown) => Response | T) {
  api.use(
    http.get(`*${path}`, () => ok(stored)),
    http.put(`*${path}`, async ({ request }) => {
      const answer = accept(await request.json());
      if (answer instanceof Response) return answer;
      stored = answer;
      return ok(stored);
    }),
  );
}

describe('one company setting (useCompanySetting)', () => {
  interface Days extends CompanySettingDto {
    days: number;
  }
  const hook = () =>
    renderHook(
      () =>
        useCompanySetting<Days, string, { days: number }>({
          path: '/api/Company/days',
          queryKey: ['company-days'],
          saved: 'saved',
          draftOf: (data) => String(data.days),
        }),
      { wrapper: Providers },
    );

  it('starts from the stored setting, keeps the draft typed, and drops it once saved', async () => {
    settingAt<Days>('/api/Company/days', { days: 3, canChange: true }, (body) => ({
      ...(body as { days: number }),
      canChange: true,
    }));
    const { result } = hook();
    await waitFor(() => expect(result.current.current).toBe('3'));
    act(() => result.current.setDraft('7'));
    expect(result.current.current).toBe('7');
    act(() => result.current.save({ days: 7 }));
    await waitFor(() => expect(result.current.data?.days).toBe(7));
    expect(callsTo('/api/Company/days', 'PUT').map((call) => call.body)).toEqual([{ days: 7 }]);
    expect(result.current.current).toBe('7');
    expect(result.current.refusal).toBe('');
  });

  it('keeps the server’s refusal word for word, and the draft, until dismissed', async () => {
    settingAt<Days>('/api/Company/days', { days: 3, canChange: true }, () => forbidden());
    const { result } = hook();
    await waitFor(() => expect(result.current.current).toBe('3'));
    act(() => result.current.setDraft('9'));
    act(() => result.current.save({ days: 9 }));
    await waitFor(() => expect(result.current.refusal).toBe("You don't have permission to do this"));
    expect(result.current.current).toBe('9');
    expect(result.current.data?.days).toBe(3);
    act(() => result.current.dismissRefusal());
    expect(result.current.refusal).toBe('');
  });
});

describe('the dispatch rules', () => {
  const stored: DispatchRulesDto = {
    required: ['cdl'],
    updatedAt: '2026-11-02T15:00:00Z',
    updatedBy: 'Ada Admin',
    canChange: true,
  };

  it('an administrator requires one more credential and saves', async () => {
    settingAt('/api/Company/dispatch-rules', stored, (body) => {
      const parsed = dispatchRulesBody.safeParse(body);
      return parsed.success ? { ...stored, ...parsed.data } : invalid(parsed.error, 'body');
    });
    const user = userEvent.setup();
    render(<DispatchRules />, { wrapper: Providers });
    const mvr = await screen.findByRole('checkbox', { name: 'MVR review within the last 12 months' });
    expect(screen.getByText(/^Changed by Ada Admin on /)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(mvr);
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() =>
      expect(callsTo('/api/Company/dispatch-rules', 'PUT').map((call) => call.body)).toEqual([
        { required: ['cdl', 'mvr'] },
      ]),
    );
    await waitFor(() => expect(save.disabled).toBe(true));
    expect((mvr as HTMLInputElement).checked).toBe(true);
  });

  it('the server’s refusal is shown, and closed', async () => {
    settingAt('/api/Company/dispatch-rules', stored, () => forbidden());
    const user = userEvent.setup();
    render(<DispatchRules />, { wrapper: Providers });
    await user.click(await screen.findByRole('checkbox', { name: 'CDL number and expiry date' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("You don't have permission to do this");
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('the inspection rules', () => {
  it('others read them and cannot change them', async () => {
    const stored: InspectionSettingsDto = {
      inspectionType: 'ADVANCED',
      inspectionRequired: true,
      updatedAt: null,
      updatedBy: null,
      canChange: false,
    };
    settingAt('/api/Company/inspections', stored, () => forbidden());
    render(<InspectionRules />, { wrapper: Providers });
    const required = await screen.findByRole('checkbox', {
      name: 'Picked up and Delivered only with every vehicle’s inspection completed',
    });
    expect((required as HTMLInputElement).checked).toBe(true);
    expect((required as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Advanced: at least 6 photos, position and odometer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only an administrator can change it.')).toBeTruthy();
    expect(screen.queryByText(/Last changed by/)).toBeNull();
  });
});
