import { describe, expect, it } from 'vitest';
import { DICTIONARY_LIMITS, HEX_COLOR, attributeDefaultError } from '@fieldbook/domain';
import { PROVIDER_TEMPLATES } from './seed.js';

describe('provider templates', () => {
  it('ship at least three templates, the APWA one with the uniform colour code', () => {
    expect(PROVIDER_TEMPLATES.length).toBeGreaterThanOrEqual(3);
    const apwa = PROVIDER_TEMPLATES.find((t) => t.key === 'apwa-utility-locating')!;
    const colour = (name: string) => apwa.systems.find((s) => s.name.startsWith(name))?.color;
    expect(colour('Electric')).toBe('#FF0000');
    expect(colour('Gas')).toBe('#FFFF00');
    expect(colour('Communications')).toBe('#FF8000');
    expect(colour('Potable')).toBe('#0000FF');
    expect(colour('Reclaimed')).toBe('#800080');
    expect(colour('Sewer')).toBe('#00FF00');
    expect(colour('Temporary Survey')).toBe('#FF69B4');
    expect(colour('Proposed Excavation')).toBe('#FFFFFF');
  });

  it.each(PROVIDER_TEMPLATES.map((t) => [t.name, t] as const))('%s obeys every dictionary rule', (_name, template) => {
    const types = new Set<string>();
    for (const system of template.systems) {
      expect(system.color).toMatch(HEX_COLOR);
      expect(system.name.length).toBeLessThanOrEqual(DICTIONARY_LIMITS.nameMax);
      const aliases = system.components.map((c) => c.alias.toLowerCase());
      expect(new Set(aliases).size).toBe(aliases.length);
      for (const component of system.components) {
        types.add(component.type);
        const names = component.attributes.map((a) => a.name.toLowerCase());
        expect(new Set(names).size, component.alias).toBe(names.length);
        for (const a of component.attributes) {
          expect(attributeDefaultError(a.type, a.defaultValue), `${component.alias}.${a.name}`).toBeNull();
          if (a.type.startsWith('Pick List')) expect(a.values?.length).toBeGreaterThan(0);
        }
      }
    }
    expect([...types].sort()).toEqual(['Line', 'Point', 'Polygon']);
  });
});
