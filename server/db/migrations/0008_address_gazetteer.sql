-- The address-autocomplete sandbox's gazetteer (server/address/sandboxAddress.ts): the AU and NZ addresses it
-- suggests and details, seeded from server/seed/data/addresses.yaml. `id` is stable (the seed derives it from
-- the address), `search` the lower-case label the suggestions match word by word.
CREATE TABLE address_gazetteer (
  id text PRIMARY KEY,
  country_code text NOT NULL,
  country text NOT NULL,
  sub_premise text,
  street_no text NOT NULL,
  street_name text NOT NULL,
  suburb text NOT NULL,
  state text NOT NULL,
  post_code text NOT NULL,
  label text NOT NULL,
  search text NOT NULL
);
CREATE INDEX address_gazetteer_country_idx ON address_gazetteer (country_code, label);
