import { describe, expect, it, vi } from 'vitest';
import { englishProvider } from '../../src/i18n/provider';
import { addScreenMessages } from '../../ui/screenMessages';

describe('words that arrive with a screen', () => {
  it('are taken in by providers made before and after, beside the catalogue’s own words', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = englishProvider({ haulboard: { app: { name: 'Haulboard' } } } as never);
    expect(before.translate('haulboard.later.title')).toBe('haulboard.later.title');
    expect(error).toHaveBeenCalledWith('Missing translation: haulboard.later.title');
    const words = { haulboard: { later: { title: 'Later', count: '%{smart_count} item |||| %{smart_count} items' } } };
    addScreenMessages(words);
    addScreenMessages(words);
    expect(before.translate('haulboard.later.title')).toBe('Later');
    expect(before.translate('haulboard.later.count', { smart_count: 2 })).toBe('2 items');
    expect(before.translate('haulboard.app.name')).toBe('Haulboard');
    const after = englishProvider({ haulboard: { app: { name: 'Haulboard' } } } as never);
    expect(after.translate('haulboard.later.title')).toBe('Later');
    error.mockRestore();
  });
});
