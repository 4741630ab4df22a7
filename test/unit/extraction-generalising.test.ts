// General rules found by studying the written-apart corpora's misses (issue 41, third pass), each shown on a
// small case of its own, worded apart from any corpus document.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { registerFormats, registerMatcher } from '../corpus/register.js';

const options = { matchInsurer: registerMatcher(), fitsPolicyFormat: registerFormats() };
const read = (text: string) => extractFields(text, options);

describe('a change of vehicle printed as a table', () => {
  it('takes the plate of the row said to be added, not the first one under the column’s label', () => {
    const text =
      'Motor policy change\nPolicy number   ZX 448 120\nVehicle   Registration\nDeleted vehicle   Ford Ka   LP08 FKE\nVehicle added   Skoda Fabia   YC70 RMN';
    expect(read(text).vehicle_registration).toBe('YC70 RMN');
    const uk =
      'We have changed your motor policy as you asked.\nRegistration   Model\nOutgoing car   WN15 HBV   Mini One\nIncoming car   EF23 KLA   Fiat Panda';
    expect(read(uk).vehicle_registration).toBe('EF23 KLA');
  });

  it('reads the caption over a column ("bisher", "neu") as what the plates under it are', () => {
    const text =
      'Ihre Kfz-Versicherung wurde geändert, der Beitrag bleibt gleich.\n   alt   neu\nAmtl. Kennzeichen   HB-AC 41   HB-ZK 902\nHersteller   Opel   Seat';
    expect(read(text).vehicle_registration).toBe('HB-ZK 902');
  });

  it('takes the French row of the vehicle "retiré" for the old one', () => {
    const text =
      'Assurance auto – avenant\nImmatriculation   Modèle\nVéhicule retiré   DK-554-LR   Opel Corsa\nVéhicule ajouté   FT-310-BN   Dacia Sandero';
    expect(read(text).vehicle_registration).toBe('FT-310-BN');
  });

  it('keeps one plate when nothing says which is current', () => {
    expect(read('Motor insurance schedule\nRegistration   Model\nKM19 TPX   Ford Focus').vehicle_registration).toBe(
      'KM19 TPX',
    );
  });
});

describe('a member’s number and the contract’s', () => {
  it('takes the contract’s number when a club’s or a mutual’s member number is printed first', () => {
    const de =
      'Bestätigung Ihrer Reiseversicherung\nMitgliedsnummer   480 221 907\nVertragsnummer   7730 1184 52\nReisezeitraum   03.05.2026 bis 17.05.2026';
    expect(read(de).policy_number).toBe('7730 1184 52');
    const uk =
      'Your travel insurance certificate\nMembership number   77120934\nPolicy number   TRV5520183\nThe policy covers your trip.';
    expect(read(uk).policy_number).toBe('TRV5520183');
  });

  it('still takes a member’s number that is the only one', () => {
    expect(
      read(
        'Ihre Reiseversicherung für den Urlaub\nMitgliedsnummer   480 221 907\nReisezeitraum   03.05.2026 bis 17.05.2026',
      ).policy_number,
    ).toBe('480 221 907');
  });
});

describe('health cover abroad', () => {
  it('types a cover for trips of up to so many days as travel cover', () => {
    expect(
      read(
        'Bestätigung Auslandskrankenschutz\nVersichert sind Reisen ins Ausland bis zu einer Dauer von jeweils 42 Tagen.',
      ).insurance_type,
    ).toBe('travel');
    expect(read('Your cover abroad\nAll trips are covered, each of up to 31 days.').insurance_type).toBe('travel');
  });
});

describe('insured since a date', () => {
  it('takes "versichert seit" for the start over a certificate’s own "gültig ab"', () => {
    const text =
      'Bescheinigung über Ihre private Krankenversicherung\nVersichert seit   01.07.2015\nBeitrag gültig ab   01.01.2026   402,10 EUR';
    expect(read(text).start_date).toBe('2015-07-01');
  });

  it('reads a sentence wrapped between its date and what the person is since then', () => {
    const text =
      'Bescheinigung zur Vorlage\nWir bestätigen, dass Herr Max Beispiel seit dem 15. März 2020\nbei uns als Mitglied krankenversichert ist. Ausgestellt am 02.02.2026.';
    expect(read(text).start_date).toBe('2020-03-15');
    const fr =
      'Attestation de mutuelle santé\nNous certifions que Mme Lina Exemple est, depuis le 01/09/2022, adhérente de notre mutuelle.';
    expect(read(fr).start_date).toBe('2022-09-01');
  });

  it('does not take a customer’s "since" for the cover’s', () => {
    expect(read('Ihre Krankenversicherung\nSie sind seit dem 01.01.2010 Kunde bei uns.').start_date).toBeNull();
  });
});

describe('the cover’s own end beside its renewal date', () => {
  it('takes "cover runs to" over the renewal date, the day after', () => {
    const text =
      'Your health insurance schedule\nStart date   01/05/2026\nRenewal date   01/05/2027\nYour cover runs for one year to 30/04/2027.';
    expect(read(text).end_date).toBe('2027-04-30');
  });
});

describe('plates beyond the current series and the plain label', () => {
  it('reads a German plate of a kind (Saisonkennzeichen) and one wrapped over two lines of a sentence', () => {
    expect(
      read(
        'Ihre Kfz-Versicherung beginnt am 01.04.2026.\nDas Fahrzeug ist auf das Saisonkennzeichen KI-MR 45 zugelassen.',
      ).vehicle_registration,
    ).toBe('KI-MR 45');
    expect(
      read('Ihre Kfz-Versicherung für das Fahrzeug mit dem Kennzeichen OS\nAT 512 beginnt am 01.04.2026.')
        .vehicle_registration,
    ).toBe('OS-AT 512');
  });

  it('reads the plate that ends a vehicle’s description', () => {
    expect(
      read('Ihre Kfz-Versicherung ab dem 01.04.2026\nFahrzeug   Opel Astra 1.2, HB-LP 318\nBeitrag   398,20 EUR')
        .vehicle_registration,
    ).toBe('HB-LP 318');
    expect(read('Your motor insurance is arranged.\nVehicle: 1968 Jaguar E-Type (KWT 112)').vehicle_registration).toBe(
      'KWT 112',
    );
  });

  it('reads the UK’s prefix, suffix and dateless marks and France’s FNI numbers after a label', () => {
    expect(read('Your motor insurance schedule\nRegistration   R482 KTV   Rover 214').vehicle_registration).toBe(
      'R482 KTV',
    );
    expect(read('Your motor insurance schedule\nRegistration   HJX 519N   Triumph Spitfire').vehicle_registration).toBe(
      'HJX 519N',
    );
    expect(
      read('Assurance auto, votre attestation\nImmatriculation   822 BXL 33   Renault 4L').vehicle_registration,
    ).toBe('822 BXL 33');
  });

  it('reads the plate under a numbered box whose neighbour’s number stands beside the label', () => {
    const text =
      'Carte internationale d’assurance automobile, votre contrat auto\n3. N° d’immatriculation   4. Catégorie   5. Marque\n615 TRV 13   A (voiture)   Peugeot';
    expect(read(text).vehicle_registration).toBe('615 TRV 13');
  });

  it('does not take a VAT registration number or a reference’s letters and digits for an older plate', () => {
    expect(read('Your van insurance schedule\nVAT registration   GB 274 1198 36').vehicle_registration).toBeNull();
    expect(
      read('Your motor insurance schedule\nRegistration   to follow\nPolicy   AB 1234 5678').vehicle_registration,
    ).toBeNull();
  });
});

describe('dates as cards and letters print them', () => {
  it('reads a range whose dates each carry a day of the week', () => {
    const text =
      'Ihre Reiseversicherung\nVersichert ist Ihre Reise vom Montag, 3. August 2026 bis Mittwoch, 12.\nAugust 2026.';
    expect([read(text).start_date, read(text).end_date]).toEqual(['2026-08-03', '2026-08-12']);
  });

  it('reads a green card’s day, month and year printed apart, and no telephone number so', () => {
    const text =
      'International motor insurance card\nValidity   From 15 03 2026 To 14 03 2027\nPolicy number   KL 5521 80';
    expect([read(text).start_date, read(text).end_date]).toEqual(['2026-03-15', '2027-03-14']);
    expect(read('Assurance auto\nTéléphone 01 45 12 20 26 87').start_date).toBeNull();
  });
});

describe('numbers on a French health card', () => {
  it('does not take the organism’s "N° AMC" for the member’s number', () => {
    const text =
      'Mutuelle santé, carte de tiers payant 2026\nN° de sécurité sociale   2 85 03 75 114 208 29\nOrganisme complémentaire   N° AMC 318 905 442\nValidité   01/01/2026 au 31/12/2026';
    expect(read(text).policy_number).not.toMatch(/AMC|318 905 442/);
  });

  it('reads a social security number whose key a line break carried over, the key checked', () => {
    const body = 2850318114208n;
    const key = String(97n - (body % 97n)).padStart(2, '0');
    const text = `Attestation de droits, complémentaire santé\nNous attestons que Mme Léa Exemple, immatriculée sous le n° 2 85 03 2B 114 208\n${key}, bénéficie de la couverture santé à compter du 01/03/2026.`;
    expect(read(text).policy_number?.replace(/ /g, '')).toBe(`285032B114208${key}`);
    // A wrong key is not joined.
    const wrong = text.replace(`\n${key},`, `\n${key === '11' ? '12' : '11'},`);
    expect(read(wrong).policy_number?.replace(/ /g, '')).not.toBe(`285032B114208${key}`);
  });
});
