-- A post is a list of parts (packages/core PostPart): each text written before becomes a part with that text alone.
UPDATE "posts" SET "parts" = (
  SELECT jsonb_agg(
    CASE WHEN jsonb_typeof(part) = 'string'
      THEN jsonb_build_object('text', part, 'media', '[]'::jsonb, 'link', 'null'::jsonb, 'langs', '[]'::jsonb)
      ELSE part
    END ORDER BY position)
  FROM jsonb_array_elements("parts") WITH ORDINALITY AS t(part, position)
)
WHERE jsonb_typeof("parts") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("parts") AS e(part) WHERE jsonb_typeof(part) = 'string');
