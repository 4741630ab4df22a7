// Registered names come in upper case ("AXA INSURANCE UK PLC"); users read "AXA Insurance UK plc".

/** Legal forms keep their customary spelling. */
const LEGAL_SPELLING: Record<string, string> = {
  PLC: 'plc',
  LTD: 'Ltd',
  LIMITED: 'Limited',
  GMBH: 'GmbH',
  MBH: 'mbH',
  VVAG: 'VVaG',
  KGAA: 'KGaA',
  CO: 'Co',
  CIE: 'Cie',
  INC: 'Inc',
};

/** Abbreviations written in capitals (insurer brands, countries, French and German acronyms). */
const ACRONYMS = new Set(
  (
    'II III AA AFI AG AGF AGPM AIG AMT ANIPS ARAG AXA BA BDF BGV BNP BPCE BTP CAMCA CARAC CCMO CCR CDC CFDP CG CGPA CHU ' +
    'CIS CNA CNP CPAMIF CRAMA CRMA CX DA DAS DEVK DFV DKV DMB EC EMOA EPC ESCA FM GFA GI GMF GPM GVO GVV HCC HDI HMCA ' +
    'HSBC HSF HUK IARD IMA IRCEM IRP KSB LBN LV LVM MAAF MACIF MACSF MAE MAIF MAPA MCE MCLR MG MGEN MHN MMA MNH ' +
    'MNT MSIG MTRL NFU NPA NV OCIRP OIC OKV OVAG PA PB PCC PPP PTI PVAG QBE RAC RATP RCBF RSA SA SAF SAM SARL SAS ' +
    'SCIC SCOP SE SEPR SHB SMA SMACL SMISO SNECMA SPM SV TP TT UIA UK UMAM UMG UNOFI USAA VHV VPV VRK WGV WPA ' +
    'WWK XL'
  ).split(' '),
);

/** Short words that stay lower case inside a name. */
const LOWER_WORDS = new Set(
  'AND AU AUX DE DES DU EN ET FOR LA LE LES OF ON OU POUR SUR THE UND VON DER DIE AUF ZU AM IM'.split(' '),
);

function caseWord(word: string, first: boolean, prev: string | undefined, next: string | undefined): string {
  if (word.length === 1) {
    // French elisions inside a name ("Mutuelle d'Assurance", "Mutuelle D Entreprises"), not initials ("I.A.R.D.").
    const elided = next === "'" || (prev === ' ' && (next === ' ' || next === undefined));
    return !first && elided && (word === 'D' || word === 'L') ? word.toLowerCase() : word;
  }
  if (/[0-9]/.test(word)) return word;
  if (LEGAL_SPELLING[word]) return LEGAL_SPELLING[word]!;
  if (ACRONYMS.has(word)) return word;
  if (!first && LOWER_WORDS.has(word)) return word.toLowerCase();
  if (!/[AEIOUY]/.test(word)) return word; // no vowel: an abbreviation such as BHSF
  return word[0] + word.slice(1).toLowerCase();
}

function caseUpperName(name: string): string {
  let first = true;
  // Letters (with accents) form the words; everything else (spaces, &, (, ', -, .) passes through unchanged.
  return name.replace(/[A-ZÀ-ÖØ-Þ0-9]+/g, (word, offset: number) => {
    // An elided article takes the next word's first-word status: "L'EQUITE" -> "L'Equite", "D'OC" -> "d'Oc".
    const next = name[offset + word.length];
    const out = caseWord(word, first, name[offset - 1], next);
    if (!(next === "'" && word.length === 1)) first = false;
    return out;
  });
}

/** The name as a user reads it: display case for upper-case names, German AG spelled short. */
export function displayName(registered: string): string {
  const name = registered
    .replace(/\s+/g, ' ')
    .replace(/\s+\.$/, '')
    .trim();
  const cased = /[a-zß-ÿ]/.test(name) ? name : caseUpperName(name);
  return cased
    .replace(/-\s+(?=Aktiengesellschaft\b)/g, '-')
    .replace(/\bAktiengesellschaft\b/g, 'AG')
    .replace(/\s+/g, ' ');
}
