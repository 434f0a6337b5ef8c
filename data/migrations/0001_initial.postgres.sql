-- SQLite's json_valid(), which the data layer's queries use on both databases.
CREATE FUNCTION json_valid(value TEXT) RETURNS BOOLEAN LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    PERFORM value::json;
    RETURN TRUE;
EXCEPTION WHEN others THEN
    RETURN FALSE;
END;
$$;
