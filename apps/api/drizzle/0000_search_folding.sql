-- Trigram search over a folded form of Arabic and English text.
-- sehha_fold() folds alef/hamza forms (أ إ آ ٱ → ا, ؤ → و, ئ → ي), ta marbuta (ة → ه),
-- alef maqsura (ى → ي), strips diacritics (U+064B–U+065F, U+0670) and tatweel (U+0640),
-- and lower-cases Latin, so that احمد finds أحمد. Trigrams of Arabic need a UTF-8 ctype.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sehha_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$
  SELECT lower(translate(
    regexp_replace(input, '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱؤئىة',
    'ااااوييه'
  ))
$$;
