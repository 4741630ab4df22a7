// General rules found by studying the written-apart corpora's misses (issue 41, third pass), each shown on a
// small case of its own, worded apart from any corpus document.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { registerFormats, registerMatcher } from '../corpus/register.js';

const options = { matchInsurer: registerMatcher(), fitsPolicyFormat: registerFormats() };
const read = (text: string) => extractFields(text, options);

describe('a change of vehicle printed as a table', () => {
  it('takes the plate of the row said to be added, not the first one under the column’s label', () => {
    const text = 'Motor policy change\nPolicy number   ZX 448 120\nVehicle   Registration\nDeleted vehicle   Ford Ka   LP08 FKE\nVehicle added   Skoda Fabia   YC70 RMN';
    expect(read(text).vehicle_registration).toBe('YC70 RMN');
    const uk = 'We have changed your motor policy as you asked.\nRegistration   Model\nOutgoing car   WN15 HBV   Mini One\nIncoming car   EF23 KLA   Fiat Panda';
    expect(read(uk).vehicle_registration).toBe('EF23 KLA');
  });

  it('reads the caption over a column ("bisher", "neu") as what the plates under it are', () => {
    const text = 'Ihre Kfz-Versicherung wurde geändert, der Beitrag bleibt gleich.\n   alt   neu\nAmtl. Kennzeichen   HB-AC 41   HB-ZK 902\nHersteller   Opel   Seat';
    expect(read(text).vehicle_registration).toBe('HB-ZK 902');
  });

  it('takes the French row of the vehicle "retiré" for the old one', () => {
    const text = 'Assurance auto – avenant\nImmatriculation   Modèle\nVéhicule retiré   DK-554-LR   Opel Corsa\nVéhicule ajouté   FT-310-BN   Dacia Sandero';
    expect(read(text).vehicle_registration).toBe('FT-310-BN');
  });

  it('keeps one plate when nothing says which is current', () => {
    expect(read('Motor insurance schedule\nRegistration   Model\nKM19 TPX   Ford Focus').vehicle_registration).toBe('KM19 TPX');
  });
});
