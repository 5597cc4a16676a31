import { AppError } from '@herald/errors';
import type { UserRepository } from './user.repository';

export interface Profile {
  id: string;
  email: string;
  name: string | null;
  created_at: Date;
  organizations: Array<{ id: string; name: string; role: string }>;
  /** Connected OAuth identities. */
  identities: Array<{ provider: string; email: string }>;
  /** Platform administration permissions; empty for a user who is no administrator. */
  admin_permissions: string[];
}

/** GET and PATCH /auth/me: the signed-in user, the organizations they belong to and their role in each. */
export class ProfileService {
  constructor(private readonly users: UserRepository) {}

  async get(userId: string): Promise<Profile> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('unauthenticated', 'the user of this session no longer exists');
    const [organizations, identities, permissions] = await Promise.all([
      this.users.organizationsOf(userId),
      this.users.identitiesOf(userId),
      this.users.adminPermissionsOf(userId),
    ]);
    return { ...user, organizations, identities, admin_permissions: permissions };
  }

  async rename(userId: string, name: string): Promise<Profile> {
    // openapi.yaml requires a non-blank name; surrounding spaces are not kept.
    if (!(await this.users.rename(userId, name.trim()))) {
      throw new AppError('unauthenticated', 'the user of this session no longer exists');
    }
    return this.get(userId);
  }
}
