import type { Queryable } from '@herald/db';

export interface PortalTheme {
  primary_color?: string;
  background_color?: string;
  text_color?: string;
  border_radius_px?: number;
  font_family?: string;
}

export interface PortalSettings {
  allowed_origins: string[];
  theme: PortalTheme;
}

const DEFAULTS: PortalSettings = { allowed_origins: [], theme: {} };

/** One row per project that has set its portal settings; a project without one has the defaults. */
export class PortalSettingsRepository {
  constructor(private readonly db: Queryable) {}

  async get(projectId: string): Promise<PortalSettings> {
    const { rows } = await this.db.query<PortalSettings>('SELECT allowed_origins, theme FROM portal_settings WHERE project_id = $1', [
      projectId,
    ]);
    return rows[0] ?? DEFAULTS;
  }

  async put(projectId: string, s: PortalSettings): Promise<PortalSettings> {
    const { rows } = await this.db.query<PortalSettings>(
      `INSERT INTO portal_settings (project_id, allowed_origins, theme) VALUES ($1, $2, $3)
       ON CONFLICT (project_id) DO UPDATE SET allowed_origins = EXCLUDED.allowed_origins, theme = EXCLUDED.theme, updated_at = now()
       RETURNING allowed_origins, theme`,
      [projectId, s.allowed_origins, JSON.stringify(s.theme)],
    );
    return rows[0];
  }
}
