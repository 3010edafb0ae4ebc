-- The order page's fingerprint now also ends at the private link's own expiry, so a server that
-- keeps the fingerprint between requests (the embedded database, where this process makes every
-- change: server/order-page-cache.ts) never replays a page to a link past its 90 days.
CREATE OR REPLACE FUNCTION order_page_stamp(p_token_hash text, p_order_id text, p_now timestamptz)
RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
	v_delivered timestamptz;
BEGIN
	SELECT max(e.at) INTO v_delivered FROM order_events e
		WHERE e.order_id = p_order_id AND e.to_status = 'delivered';
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
		)) || '|' || floor(extract(epoch FROM least(
			CASE WHEN o.quote_expires_at > p_now THEN o.quote_expires_at END,
			CASE WHEN v_delivered + interval '24 hours' > p_now THEN v_delivered + interval '24 hours' END,
			(date_trunc('day', p_now AT TIME ZONE 'Europe/London') + interval '1 day') AT TIME ZONE 'Europe/London',
			l.expires_at
		)) * 1000)::bigint::text
		FROM order_links l JOIN orders o ON o.id = l.order_id
		WHERE l.token_hash = p_token_hash AND l.order_id = p_order_id AND l.expires_at > p_now
	);
END
$$;
