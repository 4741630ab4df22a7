// PostgreSQL's text and jsonb refuse two things JSON can carry: the NUL character and UTF-16 surrogates that
// are not paired (JSON.stringify writes a lone one as a \udXXX escape, which jsonb rejects). Text holding either
// must be refused where it enters, before anything is reserved or recorded on its behalf.
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);
