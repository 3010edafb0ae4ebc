-- A fingerprint of everything the customer's order page shows, for a private order link that opens
-- it now (app/.server/orders/order-page-stamp.ts): the order, its events, payment links, requests and
-- their photos, refunds, documents, and the business details in force. In PL/pgSQL so its plan is
-- made once per connection: planning this query each time cost more than running it (PGlite).
-- A page that shows another table adds it here, in a new migration (CREATE OR REPLACE).
CREATE OR REPLACE FUNCTION order_page_stamp(p_token_hash text, p_order_id text, p_now timestamptz)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN (
		SELECT md5(concat_ws('|',
			o::text,
			(SELECT string_agg(e::text, ',' ORDER BY e.id) FROM order_events e WHERE e.order_id = o.id),
			(SELECT string_agg(p::text, ',' ORDER BY p.id) FROM payment_links p WHERE p.order_id = o.id),
			(SELECT string_agg(r::text, ',' ORDER BY r.id) FROM order_requests r WHERE r.order_id = o.id),
			(SELECT string_agg(ph.id::text, ',' ORDER BY ph.id) FROM request_photos ph
				JOIN order_requests pr ON pr.id = ph.request_id WHERE pr.order_id = o.id),
			(SELECT string_agg(f::text, ',' ORDER BY f.id) FROM refunds f WHERE f.order_id = o.id),
			(SELECT string_agg(d.number, ',' ORDER BY d.number) FROM order_documents d WHERE d.order_id = o.id),
			(SELECT max(b.id)::text FROM business_settings b)
		))
		FROM order_links l JOIN orders o ON o.id = l.order_id
		WHERE l.token_hash = p_token_hash AND l.order_id = p_order_id AND l.expires_at > p_now
	);
END
$$;
