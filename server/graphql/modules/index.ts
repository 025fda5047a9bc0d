import type { GraphqlModule } from './graphql-module'
import { accountSecurityModule } from './account-security'
import { apiTokensModule } from './api-tokens'
import { baseModule } from './base'
import { blogModule } from './blog'
import { chatModule } from './chat'
import { contactsModule } from './contacts'
import { filesModule } from './files'
import { jobRequestsModule } from './job-requests'
import { jobsModule } from './jobs'
import { profilesModule } from './profiles'
import { revisionCommentsModule } from './revision-comments'
import { revisionDecisionsModule } from './revision-decisions'

/** Every part of the /graphql schema. A feature adds its module here (one line). */
export const graphqlModules: GraphqlModule[] = [baseModule, profilesModule, jobRequestsModule, jobsModule, blogModule, contactsModule, filesModule, apiTokensModule, accountSecurityModule, chatModule, revisionDecisionsModule, revisionCommentsModule]
